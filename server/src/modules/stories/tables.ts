/**
 * Story videos or images and story ads (ads_story 1). Flags are 0/1 integers, times ISO-8601
 * UTC text; views and clicks are the tracking counters of the story's id.
 */
export interface StoriesTable {
  id: string;
  ads_story: number;
  /** A native ad story: shows the ad unit ntv_id instead of a file. */
  ntv: number;
  ntv_id: string;
  status: number;
  /** Public paths under /media/, '' when the story has none. */
  image: string;
  video: string;
  /** A video story's thumbnail (a frame the browser took), '' without one. */
  thumbnail: string;
  story_time: number;
  btn_name: string;
  btn_url: string;
  max_view_limit: number;
  max_view_status: number;
  max_click_limit: number;
  max_click_status: number;
  /** What the admin's edit of a story ad's views and clicks adds to the tracked counts. */
  view_adjust: number;
  click_adjust: number;
  created_at: string;
}

export interface StoryTables {
  stories: StoriesTable;
}
