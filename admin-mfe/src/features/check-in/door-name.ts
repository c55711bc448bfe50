import { useState } from 'react';

const KEY = 'admin.check-in.door';

function readDoor(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return ''; // storage refused (private mode): the door is asked for again
  }
}

/** The door this phone scans at: chosen once, kept in localStorage so a reload or a new shift keeps it. */
export function useDoorName() {
  const [door, setDoor] = useState(readDoor);
  const choose = (name: string) => {
    const trimmed = name.trim();
    try {
      if (trimmed) localStorage.setItem(KEY, trimmed);
      else localStorage.removeItem(KEY);
    } catch {
      // kept for this visit only
    }
    setDoor(trimmed);
  };
  return { door, choose };
}
