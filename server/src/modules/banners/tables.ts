/** Banner b1. Flags are 0/1 integers, times ISO-8601 UTC text. */
export interface BannersTable {
  id: string;
  name: string;
  url: string;
  /** Public paths under /media/: one of the two is set, the other is ''. */
  image: string;
  video: string;
  status: number;
  /** What the admin's edits of clickCount add to the tracked clicks (see items/counters.ts). */
  click_adjust: number;
  created_at: string;
}

export interface BannerTables {
  banners: BannersTable;
}
