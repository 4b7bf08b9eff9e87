export function BannerEditPage() {
  return null;
}
