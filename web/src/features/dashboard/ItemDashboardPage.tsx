export function ItemDashboardPage() {
  return null;
}
