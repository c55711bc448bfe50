import { create } from 'zustand';

/**
 * Whether a checkout has started in this tab: the customer remote sets it, the
 * shell shows the floating "Test Payment Info" box. Shared through the
 * shared-ui singleton, so both see one store.
 */
interface CheckoutState {
  checkoutStarted: boolean;
  startCheckout(): void;
  dismiss(): void;
}

export const useCheckoutStore = create<CheckoutState>((set) => ({
  checkoutStarted: false,
  startCheckout: () => set({ checkoutStarted: true }),
  dismiss: () => set({ checkoutStarted: false }),
}));
