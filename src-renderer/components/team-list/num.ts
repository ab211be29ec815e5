/** A number field's value: NaN when empty or not a number, so the check says so in words (never a silent 0). */
export const num = (e: Event): number => {
  const v = (e.currentTarget as HTMLInputElement).value;
  return v.trim() === '' ? Number.NaN : Number(v);
};

/** The value of a text field or text area. */
export const text = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLTextAreaElement).value;
