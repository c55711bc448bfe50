import { create } from 'zustand';

/**
 * Whether a checkout has started in this tab: the customer remote sets it, the
 * shell shows the floating "Test Payment Info" box. Shared through the
 * shared-ui singleton, so both see one store. Kept in sessionStorage: the
 * checkout page is another page, and the box must still be there when the
 * moviegoer comes back to it (Back, or the payment result) until they close it.
 *
 * One flag kept with the store's own subscribe rather than zustand's persist
 * middleware: the store is part of every first render, and the middleware
 * (with its JSON storage adapter) was 1.1 KiB gzip of every first visit.
 */
interface CheckoutState {
  checkoutStarted: boolean;
  startCheckout(): void;
  dismiss(): void;
}

const STORAGE_KEY = 'marquee-checkout';

/** Storage can be missing or refuse (private modes, disabled storage): the box then lasts as long as the page. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const useCheckoutStore = create<CheckoutState>()((set) => ({
  checkoutStarted: tabStorage()?.getItem(STORAGE_KEY) === 'started',
  startCheckout: () => set({ checkoutStarted: true }),
  dismiss: () => set({ checkoutStarted: false }),
}));

useCheckoutStore.subscribe(({ checkoutStarted }) => {
  try {
    if (checkoutStarted) tabStorage()?.setItem(STORAGE_KEY, 'started');
    else tabStorage()?.removeItem(STORAGE_KEY);
  } catch {
    // Full or refused: the flag stays in memory for this page.
  }
});
