import { SectionTabs } from '../../ui/SectionTabs.js';
import { adScreens } from './screens.js';

/** The Ad Management bar above every ad screen. */
export function AdsTabs() {
  return (
    <SectionTabs
      title="Ad Management"
      description="Ad-network units, website ads and the app's own in-house ads."
      tabs={adScreens}
    />
  );
}
