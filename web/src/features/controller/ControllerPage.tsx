export function ControllerPage() {
  return null;
}
