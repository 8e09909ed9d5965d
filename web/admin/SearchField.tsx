/** A list's search box, as the orders and the products lists have it: "Search", at most 100 characters (the server's limit). */
export function SearchField({ value, placeholder, onChange }: { value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <label>
      <span>Search</span>
      <input type="search" value={value} maxLength={100} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
