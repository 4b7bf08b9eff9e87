export function BannersPage() {
  return null;
}
