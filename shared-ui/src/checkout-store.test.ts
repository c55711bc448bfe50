// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the store, as a new page (or the page after the checkout redirect) would load it. */
async function freshStore() {
  vi.resetModules();
  return (await import('./checkout-store')).useCheckoutStore;
}

describe('the checkout flag', () => {
  afterEach(() => sessionStorage.clear());

  it('outlives the page in this tab once a checkout starts, until the box is closed', async () => {
    const store = await freshStore();
    expect(store.getState().checkoutStarted).toBe(false);
    store.getState().startCheckout();
    expect((await freshStore()).getState().checkoutStarted).toBe(true);
    (await freshStore()).getState().dismiss();
    expect((await freshStore()).getState().checkoutStarted).toBe(false);
  });

  it('lasts as long as the page when the tab refuses storage', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const store = await freshStore();
      store.getState().startCheckout();
      expect(store.getState().checkoutStarted).toBe(true);
      expect((await freshStore()).getState().checkoutStarted).toBe(false);
    } finally {
      setItem.mockRestore();
    }
  });
});
