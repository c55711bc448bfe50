/** Leaves the site for another page (the payment provider's checkout). A module of its own so tests can stand in for it. */
export function redirectTo(url: string) {
  window.location.assign(url);
}
