import { TestPaymentInfo as TestPaymentInfoBox, useCheckoutStore } from 'shared-ui';

/** The floating box with test card details, shown once a checkout starts (spec §2) until closed. */
export function TestPaymentInfo() {
  const { checkoutStarted, dismiss } = useCheckoutStore();
  if (!checkoutStarted) return null;
  return <TestPaymentInfoBox floating onClose={dismiss} />;
}
