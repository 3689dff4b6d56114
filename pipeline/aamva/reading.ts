/** One field as read from the barcode: its normalised value and whether its format is valid. */
export type Reading = { value: string; valid: boolean } | undefined;

export function present(raw: string | undefined): string | undefined {
  const text = raw?.replace(/\s+/g, ' ').trim();
  return text === undefined || text === '' ? undefined : text;
}
