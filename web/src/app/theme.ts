import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

// Contrast (WCAG 2.1 AA, at least 4.5:1 for text): Mantine's defaults put shade 6 text on
// tinted backgrounds (green on pale green reads at 2.2:1, yellow at 1.7:1). Text on light,
// subtle and outline variants takes the colour's darkest shade, darkened further; filled
// controls use shade 8, which white text reads on.
const tintedVariants = new Set(['light', 'subtle', 'outline', 'transparent']);
const readableVariants: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!tintedVariants.has(input.variant)) return colors;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.color === undefined) return colors;
  const text = darken(input.theme.colors[parsed.color]?.[9] ?? parsed.value, 0.3);
  return {
    ...colors,
    color: text,
    ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}),
  };
};

/** Dimmed (helper) text, placeholders and field errors dark enough to read on white and gray.0. */
export const readableText: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#697077',
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  variantColorResolver: readableVariants,
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
    // Icon-only close buttons say what they close.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close message' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
