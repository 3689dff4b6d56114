/** A value's letters and digits in capitals, separators dropped: how printed numbers are compared (`D12-345 67` is D1234567). */
export const lettersAndDigits = (value: string): string => value.toUpperCase().replace(/[^\p{L}\d]/gu, '');
