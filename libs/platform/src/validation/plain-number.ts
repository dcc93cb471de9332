// A number in a query string (@Transform(plainNumber)): converted only when it is written plainly (no
// blanks, hex or exponents); anything else stays the string it came as and fails its type check.
export const plainNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value) ? Number(value) : value);
