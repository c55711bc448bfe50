/** A choice: its value and the words the list shows for it. */
export type FilterOption<Value extends string> = readonly [value: Value, text: string];

interface FilterSelectBase<Value extends string> {
  /** The words above the list, and the list's accessible name. */
  label: string;
  options: readonly FilterOption<Value>[];
  /** The remote's field style, on the label. */
  className?: string;
  /**
   * Named by the label and the chosen option together, as a plain wrapping label names it ("Payment All"), rather
   * than by the label's words alone. Only for the filters that were always named so (their accessible names are
   * kept); a new filter leaves it off.
   */
  nameWithChoice?: boolean;
}

/** With `all`: a first option for no filter ("All movies"), chosen while `value` is undefined and answered as undefined. */
interface OptionalFilter<Value extends string> extends FilterSelectBase<Value> {
  all: string;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}

/** Without `all`: one of the options is always chosen. */
interface RequiredFilter<Value extends string> extends FilterSelectBase<Value> {
  all?: undefined;
  value: Value;
  onChange: (value: Value) => void;
}

export type FilterSelectProps<Value extends string> = OptionalFilter<Value> | RequiredFilter<Value>;

/** A staff list's filter or sort: a labelled drop-down, optionally with "All …" for no filter. */
export function FilterSelect<Value extends string>(props: FilterSelectProps<Value>) {
  const { label, options, className, nameWithChoice } = props;
  const choose = (chosen: string) => {
    if (props.all === undefined) props.onChange(chosen as Value);
    else props.onChange(chosen === '' ? undefined : (chosen as Value));
  };
  return (
    <label className={className}>
      {label}
      <select aria-label={nameWithChoice ? undefined : label} value={props.value ?? ''} onChange={(e) => choose(e.target.value)}>
        {props.all !== undefined && <option value="">{props.all}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
