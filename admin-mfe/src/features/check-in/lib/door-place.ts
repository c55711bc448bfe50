import { useState } from 'react';

const DOOR_KEY = 'admin.check-in.door';
const CINEMA_KEY = 'admin.check-in.cinema';

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return ''; // storage refused (private mode): the door is asked for again
  }
}

function keep(key: string, value: string) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // kept for this visit only
  }
}

/** Where this phone scans: its cinema (an id of GET /api/cinemas; '' when none chosen) and its door's name. */
export interface DoorPlace { door: string; cinemaId: string }

/**
 * The door this phone scans at, and its cinema: chosen once, kept in localStorage so a reload or a new shift keeps
 * them. A phone set up before cinemas has a door and no cinema: the screen asks for the cinema, the door filled in.
 */
export function useDoorPlace() {
  const [place, setPlace] = useState<DoorPlace>(() => ({ door: read(DOOR_KEY), cinemaId: read(CINEMA_KEY) }));
  const choose = (next: DoorPlace) => {
    const chosen = { door: next.door.trim(), cinemaId: next.cinemaId };
    keep(DOOR_KEY, chosen.door);
    keep(CINEMA_KEY, chosen.cinemaId);
    setPlace(chosen);
  };
  return { ...place, choose };
}
