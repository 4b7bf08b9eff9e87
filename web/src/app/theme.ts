import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  // Drawers, menus and modals open without motion for those who ask their system for less.
  respectReducedMotion: true,
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
    // A number out of range is refused with the field's message, never changed on blur behind
    // the admin's back (an original price under the price used to become the price).
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
});
