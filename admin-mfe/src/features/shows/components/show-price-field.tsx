import { CURRENCY_SYMBOL } from 'shared-ui';

/** Add Shows' standard price (a seat's, in currency units), with what is wrong with it. */
export function ShowPriceField({ price, error, onChange }: { price: string; error: string | null; onChange: (price: string) => void }) {
  return (
    <>
      <label htmlFor="show-price">Show Price</label>
      <div className="admin__price">
        <span aria-hidden="true">{CURRENCY_SYMBOL}</span>
        <input
          id="show-price"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          placeholder="Enter show price"
          value={price}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'show-price-error' : undefined}
        />
      </div>
      {error && (
        <p id="show-price-error" className="admin__field-error">
          {error}
        </p>
      )}
    </>
  );
}
