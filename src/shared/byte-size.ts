// Byte counts as people read them, one rule for tables, progress lines and doctor's findings.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 → "1.5 KiB" (binary units, one decimal; whole bytes as "512 B"). */
export function humanBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
