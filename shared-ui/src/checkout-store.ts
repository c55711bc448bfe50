import { create } from 'zustand';

/**
 * Release 0's remotes only (see index.ts): their seat page marks a started checkout here, for the floating
 * test-card box that the shell no longer shows (the test cards are on the checkout page alone). Kept as a
 * store of the same shape so that those remotes still load and run; nothing reads it now.
 */
interface CheckoutState {
  checkoutStarted: boolean;
  startCheckout(): void;
  dismiss(): void;
}

export const useCheckoutStore = create<CheckoutState>()((set) => ({
  checkoutStarted: false,
  startCheckout: () => set({ checkoutStarted: true }),
  dismiss: () => set({ checkoutStarted: false }),
}));
