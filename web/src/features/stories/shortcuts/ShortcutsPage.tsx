export function ShortcutsPage() {
  return null;
}
