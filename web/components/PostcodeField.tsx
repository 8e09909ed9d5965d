/** An uncontrolled field (a plain form's, shown again after a refused post) or a controlled one (an island's). */
type PostcodeValue = { defaultValue: string } | { value: string; onChange: (value: string) => void };

/**
 * The delivery postcode of an order look-up: /order (with the reference) and /order/{id} ask for it
 * the same way, under the same name the server reads (`postalCode`).
 */
export function PostcodeField({ invalid, ...given }: { invalid: boolean } & PostcodeValue) {
  const valueProps =
    "onChange" in given
      ? { value: given.value, onChange: (event: { currentTarget: HTMLInputElement }) => given.onChange(event.currentTarget.value) }
      : given;
  return (
    <div className="field">
      <label htmlFor="postal-code">Delivery postcode</label>
      <input
        id="postal-code"
        name="postalCode"
        autoComplete="postal-code"
        aria-describedby="postal-code-hint"
        aria-invalid={invalid ? true : undefined}
        {...valueProps}
      />
      <p id="postal-code-hint" className="hint">
        The postcode the order is being delivered to, for example SW1A 1AA.
      </p>
    </div>
  );
}
