// The longest text each free-text field takes, in one place. Every text the API stores or
// searches has a limit, so no request can make the server store, index or send a text of any
// size (the server's own caps, 1 MB a JSON body or multipart field, are the last line only).
// The numbers leave room for every use the spec describes; the web forms set them as their
// inputs' maxLength too.
// No zod here: the web app's first screen takes its limits without loading zod.

/** Characters (UTF-16 code units, as a browser's maxLength counts them) a field takes at most. */
export const textLimits = {
  /** Names and titles: stories' buttons aside, what a row or a phone shows on a line or two. */
  name: 200,
  /** Product titles: marketplaces' own run to a few hundred characters, and the scraper copies them. */
  productTitle: 500,
  /** The text of a call-to-action button. */
  buttonText: 100,
  /**
   * Ids, keys and codes an admin types or pastes: ad unit ids, a native ad's unit id, the
   * Facebook app id and client token, the admin ID, an icon's file name, an event's name.
   */
  code: 200,
  /** Every link: what browsers, CDNs and the app's web views all accept. */
  url: 2048,
  /** The short texts of a product: rating, ratings and reviews, delivery information. */
  shortText: 200,
  /** Descriptions: ad units, in-house ads, a product's specification values. */
  description: 5000,
  /** The privacy policy and the terms: long legal texts, HTML formatting included. */
  policyText: 100_000,
  /** What a search box sends. */
  search: 200,
  /** A push notification's title and message (and see pushTextMaxBytes). */
  notificationTitle: 200,
  notificationMessage: 2000,
  /** An email address (RFC 5321's longest path). */
  email: 254,
  /** Passwords: only keeps absurd inputs away from the (memory-hard) password hash. */
  password: 256,
  /** The profile's name, state and city; its address. */
  profileText: 100,
  address: 300,
  /** A phone as sent: beyond this it is refused as too long before its 9 to 11 are counted. */
  phone: 30,
  /** A number typed as text where any text is read as a number (the views and clicks limits). */
  numberText: 30,
} as const;

/**
 * FCM refuses a message whose payload passes 4,096 bytes. Title, message and link share what is
 * left once the keys, the topic and the icon's address are counted.
 */
export const pushTextMaxBytes = 3584;

/**
 * A whole number with thousands separators (5,000), as `toLocaleString('en-US')` writes it:
 * that call loads ICU's number formats, 25 ms at the start of every process that loads the core
 * (each CLI command, the server and its body thread), for the messages built here on import.
 */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The message of a text over its limit, naming the field as its screen does. */
export const tooLongMessage = (field: string, max: number) =>
  `${field} must be at most ${grouped(max)} characters`;

export const pushTooLongMessage = `Title, message and URL are too long for a push notification: together at most ${grouped(pushTextMaxBytes)} bytes (letters beyond English take 2 to 4 bytes each)`;

/** The UTF-8 size of a text, as FCM counts it. */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
