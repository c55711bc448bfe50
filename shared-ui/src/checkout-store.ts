import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Whether a checkout has started in this tab: the customer remote sets it, the
 * shell shows the floating "Test Payment Info" box. Shared through the
 * shared-ui singleton, so both see one store. Kept in sessionStorage: the
 * checkout page is another page, and the box must still be there when the
 * moviegoer comes back to it (Back, or the payment result) until they close it.
 */
interface CheckoutState {
  checkoutStarted: boolean;
  startCheckout(): void;
  dismiss(): void;
}

export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set) => ({
      checkoutStarted: false,
      startCheckout: () => set({ checkoutStarted: true }),
      dismiss: () => set({ checkoutStarted: false }),
    }),
    { name: 'marquee-checkout', storage: createJSONStorage(() => sessionStorage) },
  ),
);
