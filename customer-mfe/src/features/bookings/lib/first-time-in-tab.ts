/** True the first time a key is seen in this browser tab (sessionStorage survives reloads, not new tabs). */
export function firstTimeInThisTab(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage unavailable (private mode quotas): a repeated toast is the lesser harm.
  }
  return true;
}
