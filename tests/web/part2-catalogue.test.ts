// The product section walked through the screens: categories and subcategories with their
// rules, a product added by hand and one scraped from a saved marketplace page, the product
// list (filters, search, pages, bulk delete) on a hundred and more seeded products, the detail
// view and edit, and products by event with bulk assignment.
import {
  productByEventPageSize,
  searchDebounceMs,
  type ApiClient,
  type Product,
  type ProductRowRequest,
} from '@dealdesk/core';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from '@dealdesk/server/testing';
import { screenshot, skipAhead } from '../support/browser.js';
import { importProducts, pngUpload, removeProducts, servedLink } from '../support/catalogue.js';
import {
  answerCaptcha,
  chooseFile,
  oversizePng,
  png,
  pngBytes,
  toast,
  typeSearch,
} from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
  // What the screens only list is added through the API before the first load (adding a
  // category on screen is the test's own business): the list shows it without a reload.
  signedIn = await openSignedInScreen('/add/Product/category', {
    prepare: stayOffline,
    seed: seedListedCategories,
    pageClock: true,
  });
  ({ page, api } = signedIn);
  return async () => {
    try {
      // The browser files share one server: a few hundred products left behind would make
      // every later file's product screens slower to render and to check.
      for (const q of ['Seeded', 'Linen summer shirt', 'Assam Tea']) await removeProducts(api, q);
      await signedIn.close();
    } finally {
      await shop.close();
    }
  };
});
afterEach(screenshotOnFailure(() => page));

const pdf = () => ({
  name: 'menu.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4'),
});

/**
 * Chooses a file in one slot and waits for that slot's own verdict (a mark elsewhere on the
 * form does not count).
 */
async function chooseChecked(
  slot: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  expected: 'accepted' | 'refused',
) {
  await chooseFile(page, slot, file, expected);
  await expect.poll(() => slot.getAttribute('data-check')).toBe(expected);
}

/** Opens a Mantine select by its label and picks an option. */
async function choose(scope: Page | Locator, label: string | RegExp, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Images the products link to elsewhere are answered with a PNG: the run needs no internet. */
async function stayOffline(target: Page) {
  await target.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ contentType: 'image/png', body: pngBytes }),
  );
}

/** Electronics (with its subcategory Phones) and Temporary, for the screens to list. */
async function seedListedCategories(client: ApiClient) {
  for (const name of ['Electronics', 'Temporary']) {
    const added = await client.categories.add({
      name,
      image: pngUpload(`${name}.png`),
      bg_image: pngUpload(`${name}-bg.png`),
    });
    if (!added.status) throw new Error(added.message);
  }
  const electronics = (await client.categories.list()).data?.find((c) => c.name === 'Electronics');
  const phones = await client.subcategories.add({
    name: 'Phones',
    categoryId: electronics?._id ?? '',
    image: pngUpload('phones.png'),
  });
  if (!phones.status) throw new Error(phones.message);
}

async function subcategoryIds(): Promise<Record<string, string>> {
  const answer = await api.subcategories.list();
  return Object.fromEntries((answer.data ?? []).map(({ name, _id }) => [name, _id]));
}

async function productsTitled(q: string): Promise<Product[]> {
  const answer = await api.products.list({ q, limit: 1000 });
  return answer.data ?? [];
}

describe('categories and subcategories', () => {
  const categories = () => page.getByRole('table', { name: 'Categories', exact: true });
  const subcategories = () => page.getByRole('table', { name: 'Subcategories' });

  it('refuses a category without its name and images, and images of the wrong type or size', async () => {
    await page.getByRole('tab', { name: 'Category', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('Enter category name').waitFor();
    await page.getByText('Please upload main image').waitFor();
    await page.getByText('Please upload background image').waitFor();
    const main = page.getByLabel('Main image').first();
    await chooseChecked(main, pdf(), 'refused');
    await page.getByText('Only PNG, GIF, JPG, JPEG images are allowed').waitFor();
    await chooseChecked(main, oversizePng(), 'refused');
    await page.getByText('Image size must be less than 1MB').waitFor();
  });

  it('adds categories and a subcategory of the chosen category', async () => {
    const form = page.getByRole('form', { name: 'Add Category' });
    await form.getByLabel(/^Category name/).fill('Fashion');
    await chooseChecked(form.getByLabel('Main image'), png('fashion.png'), 'accepted');
    await chooseChecked(form.getByLabel('Background image'), png('fashion-bg.png'), 'accepted');
    await form.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, 'Category added');
    await categories()
      .getByRole('row', { name: /Fashion/ })
      .waitFor();

    const sub = page.getByRole('form', { name: 'Add Subcategory' });
    await sub.getByRole('button', { name: 'Add Subcategory' }).click();
    expect(await sub.getByText('Select category and name').count()).toBeGreaterThan(0);
    await sub.getByText('Please upload subcategory main image').waitFor();
    await choose(sub, /^Category/, 'Fashion');
    await sub.getByLabel(/^Subcategory name/).fill('Shirts');
    await chooseChecked(sub.getByLabel('Main image'), png('shirts.png'), 'accepted');
    await sub.getByRole('button', { name: 'Add Subcategory' }).click();
    await toast(page, 'Subcategory added');
    await subcategories()
      .getByRole('row', { name: /Shirts/ })
      .waitFor();
    await categories()
      .getByRole('row', { name: /Fashion/ })
      .getByRole('cell', { name: '1', exact: true })
      .first()
      .waitFor();
    await screenshot(page, 'categories');
  });

  it('fills the form from the pencil, scrolls to it, and updates without new images', async () => {
    await page.getByRole('button', { name: 'Edit Fashion' }).click();
    const form = page.getByRole('form', { name: 'Edit Category' });
    await form.getByRole('heading', { name: 'Edit Fashion' }).waitFor();
    const name = form.getByLabel(/^Category name/);
    expect(await name.inputValue()).toBe('Fashion');
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    await name.fill('');
    await form.getByRole('button', { name: 'Update' }).click();
    await form.getByText('Enter category name').waitFor();
    await name.fill('Fashion & Style');
    await form.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Category updated');
    await page.getByRole('form', { name: 'Add Category' }).waitFor();
    await categories()
      .getByRole('row', { name: /Fashion & Style/ })
      .waitFor();
    // The subcategory list shows the new parent name.
    await subcategories()
      .getByRole('row', { name: /Shirts.*Fashion & Style/ })
      .waitFor();

    await page.getByRole('button', { name: 'Edit Shirts' }).click();
    const sub = page.getByRole('form', { name: 'Edit Subcategory' });
    await sub.getByLabel(/^Subcategory name/).fill(' ');
    await sub.getByRole('button', { name: 'Update' }).click();
    await sub.getByText('Enter subcategory name').waitFor();
    await sub.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('form', { name: 'Add Subcategory' }).waitFor();
  });

  it('searches categories by name and subcategories by their own or their category name', async () => {
    await page.getByLabel('Search categories').fill('elec');
    await categories()
      .getByRole('row', { name: /Electronics/ })
      .waitFor();
    expect(
      await categories()
        .getByRole('row', { name: /Fashion/ })
        .count(),
    ).toBe(0);
    await page.getByLabel('Search categories').fill('');
    await page.getByLabel('Search subcategories').fill('style');
    await subcategories()
      .getByRole('row', { name: /Shirts/ })
      .waitFor();
    expect(
      await subcategories()
        .getByRole('row', { name: /Phones/ })
        .count(),
    ).toBe(0);
    await page.getByLabel('Search subcategories').fill('phon');
    await subcategories()
      .getByRole('row', { name: /Phones/ })
      .waitFor();
    expect(
      await subcategories()
        .getByRole('row', { name: /Shirts/ })
        .count(),
    ).toBe(0);
    await page.getByLabel('Search subcategories').fill('');
  });

  it('deletes a category only after the right captcha answer', async () => {
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    await answerCaptcha(page, false, 'Answer is not correct');
    await categories()
      .getByRole('row', { name: /Temporary/ })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Temporary' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Category deleted');
    await categories()
      .getByRole('row', { name: /Temporary/ })
      .waitFor({ state: 'detached' });
  });

  it('switches halves with the All / Categories / Subcategories tabs on a narrow screen', async () => {
    await signedIn.narrowScreenshot(
      '/add/Product/category',
      'categories-subcategories',
      async (small) => {
        await small.getByRole('radiogroup', { name: 'Show' }).getByText('Subcategories').click();
        await small.getByRole('list', { name: 'Subcategories' }).waitFor();
        expect(await small.getByRole('list', { name: 'Categories', exact: true }).isVisible()).toBe(
          false,
        );
        expect(await small.getByRole('form', { name: 'Add Category' }).isVisible()).toBe(false);
      },
    );
    await signedIn.narrowScreenshot('/add/Product/category', 'categories', async (small) => {
      await small
        .getByRole('radiogroup', { name: 'Show' })
        .getByText('Categories', { exact: true })
        .click();
      await small.getByRole('list', { name: 'Categories', exact: true }).waitFor();
      expect(await small.getByRole('list', { name: 'Subcategories' }).isVisible()).toBe(false);
    });
  });
});

describe('Add Product', () => {
  const form = () => page.getByRole('form', { name: 'Add Product' });

  it('refuses an empty product and keeps the subcategory closed until a category is chosen', async () => {
    await page.getByRole('tab', { name: 'Product', exact: true }).click();
    await page.waitForURL('**/add/Product');
    const subcategory = form().getByRole('textbox', { name: /^Subcategory/ });
    expect(await subcategory.isDisabled()).toBe(true);
    expect(await subcategory.getAttribute('placeholder')).toBe('Please select a category first');
    await form().getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'All required fields must be filled');
  });

  it('adds a product by hand: specifications, uploads and growing image URL rows', async () => {
    await form()
      .getByLabel(/^Title/)
      .fill('Linen summer shirt');
    await form()
      .getByLabel(/^Price/)
      .fill('499');
    await form()
      .getByLabel(/^Original price/)
      .fill('999');
    await form()
      .getByLabel(/^Original URL/)
      .fill('https://shop.example/linen-shirt');
    await choose(form(), /^Category/, 'Fashion & Style');
    await form()
      .getByRole('textbox', { name: /^Subcategory/ })
      .click();
    // Only the chosen category's subcategories are offered.
    await page.getByRole('option', { name: 'Shirts' }).waitFor();
    expect(await page.getByRole('option', { name: 'Phones' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Shirts' }).click();
    await choose(form(), /^Event/, 'Trending');
    const sizes = form().getByRole('group', { name: 'Available sizes' });
    await sizes.getByText('S', { exact: true }).click();
    await sizes.getByText('M', { exact: true }).click();

    await form().getByRole('button', { name: 'Add specification' }).click();
    await form().getByText('Specification name cannot be empty').waitFor();
    await form().getByLabel('Specification name').fill('Material');
    await form().getByLabel('Value').fill('Cotton');
    await form().getByRole('button', { name: 'Add specification' }).click();
    await form().getByLabel('Specification name').fill(' Material ');
    await form().getByLabel('Value').fill('Linen');
    await form().getByRole('button', { name: 'Add specification' }).click();
    const specs = form().getByRole('table', { name: 'Specifications' });
    await specs.getByRole('row', { name: /Material\s*Linen/ }).waitFor();
    expect(await specs.getByRole('row').count()).toBe(1);

    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await form().getByRole('button', { name: 'Upload images' }).click();
      await (await chooser).setFiles(file);
    };
    await upload(pdf());
    await form().getByText('Only PNG, JPG, JPEG, and GIF files are allowed').waitFor();
    await upload(png('front.png'));
    await form().getByRole('img', { name: 'front.png' }).waitFor();

    await form().getByLabel('Image URL 1', { exact: true }).fill('https://cdn.example/linen-1.jpg');
    await form().getByLabel('Image URL 2', { exact: true }).fill('https://cdn.example/linen-2.jpg');
    await form().getByLabel('Image URL 3', { exact: true }).waitFor();
    await form().getByRole('button', { name: 'Remove image URL 2' }).click();
    await screenshot(page, 'add-product');

    await form().getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added successfully');
    // The notice links to the product made; the screen stays on a new form (spec).
    const opened = await page
      .getByRole('alert')
      .getByRole('link', { name: 'Open the product' })
      .getAttribute('href');
    expect(new URL(page.url()).pathname).toBe('/add/Product');
    expect(
      await form()
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('');
    const [saved] = await productsTitled('Linen summer shirt');
    expect(opened).toBe(`/show/product/product-details/${saved?._id ?? ''}`);
    expect(saved).toMatchObject({
      price: 499,
      og_price: 999,
      events: 'Trending',
      availableSizes: ['S', 'M'],
      specifications: { Material: 'Linen' },
      category: { name: 'Fashion & Style' },
      subcategory: { name: 'Shirts' },
      // A product without its own button link leads to its original page.
      btn_url: 'https://shop.example/linen-shirt',
    });
    expect(saved?.images).toHaveLength(2);
    // The upload first, then the one URL row left after removing the second.
    expect(saved?.images[1]).toEqual({ url: 'https://cdn.example/linen-1.jpg' });
  });

  it('scrapes a saved marketplace page into the form and adds it', async () => {
    await form()
      .getByText(/Amazon, Flipkart, Myntra, Ajio and Meesho/)
      .waitFor();
    await page.getByRole('button', { name: 'Scrape' }).click();
    await page.getByText('Please enter a URL to scrape').waitFor();
    const url = shop.url('/generic/json-ld.html');
    // A title typed by hand is not overwritten: the scrape says what it would change.
    const title = form().getByLabel(/^Title/);
    await title.fill('My own title');
    await page.getByLabel('Product page URL').fill(url);
    await page.getByRole('button', { name: 'Scrape' }).click();
    await toast(page, 'Data scraped successfully');
    const changes = page.getByRole('region', { name: 'The page differs from your edits' });
    await changes
      .getByRole('row', { name: /^Title\s*My own title\s*Assam Tea & Tulsi Gift Box/ })
      .waitFor();
    expect(await changes.getByRole('row').count()).toBe(2);
    expect(await title.inputValue()).toBe('My own title');
    // Fields not touched took the page's values at once.
    expect(
      await form()
        .getByLabel(/^Price/)
        .inputValue(),
    ).toBe('1099');
    await changes.getByRole('button', { name: 'Keep my edits' }).click();
    await changes.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe('My own title');
    // Scraped again, the page's title is chosen for that field.
    await page.getByRole('button', { name: 'Scrape' }).click();
    await changes
      .getByRole('row', { name: /^Title/ })
      .getByText('Page', { exact: true })
      .click();
    await changes.getByRole('button', { name: 'Apply these choices' }).click();
    await changes.waitFor({ state: 'detached' });
    expect(
      await form()
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('Assam Tea & Tulsi Gift Box');
    // The currency sign and separators are gone.
    expect(
      await form()
        .getByLabel(/^Price/)
        .inputValue(),
    ).toBe('1099');
    expect(
      await form()
        .getByLabel(/^Original price/)
        .inputValue(),
    ).toBe('1499');
    expect(
      await form()
        .getByLabel(/^Original URL/)
        .inputValue(),
    ).toBe(url);
    for (const size of ['S', 'M', 'L', 'XL', 'XXL']) {
      expect(await form().getByRole('checkbox', { name: size, exact: true }).isChecked()).toBe(
        true,
      );
    }
    expect(await form().getByRole('checkbox', { name: 'XXXL', exact: true }).isChecked()).toBe(
      false,
    );
    expect(await form().getByLabel('Image URL 1', { exact: true }).inputValue()).toMatch(
      /^https?:\/\//,
    );
    await form().getByRole('table', { name: 'Specifications' }).getByText('Chai Point').waitFor();

    await choose(form(), /^Category/, 'Fashion & Style');
    await choose(form(), /^Subcategory/, 'Shirts');
    await choose(form(), /^Event/, 'Best Deals');
    await form().getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added successfully');
    const [scraped] = await productsTitled('Assam Tea');
    expect(scraped).toMatchObject({
      price: 1099,
      og_price: 1499,
      og_url: url,
      events: 'Best Deals',
    });
    expect(scraped?.availableSizes).toEqual(['S', 'M', 'L', 'XL', 'XXL']);

    await signedIn.narrowScreenshot('/add/Product', 'add-product', async (small) => {
      await small.getByRole('button', { name: 'Scrape' }).waitFor();
    });
  });

  it('names a page that is not a product with the server message', async () => {
    await page.getByLabel('Product page URL').fill(shop.url('/errors/not-a-product.html'));
    await page.getByRole('button', { name: 'Scrape' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /product/i })
      .first()
      .waitFor();
    expect(
      await form()
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('');
  });
});

describe('Product Management', () => {
  // Just over a page of 100 (with the two products added above): a second page to turn to,
  // and few rows for every later list to render.
  const seeded = 110;
  const rows = () => page.getByRole('table', { name: 'Products' }).getByRole('row');
  const firstNumber = async () =>
    (await rows().nth(1).getByRole('cell').nth(1).textContent())?.trim();

  beforeAll(async () => {
    const listed = (await api.categories.list()).data ?? [];
    const categories = Object.fromEntries(listed.map(({ name, _id }) => [name, _id]));
    const image = servedLink(listed[0]?.main_image ?? '');
    const subcategories = await subcategoryIds();
    const events = ['Best Deals', 'Trending', 'New Launch', 'None'] as const;
    // One import call (adding products one by one is the Add Product test's business), every
    // row showing one image this server serves.
    const products = Array.from({ length: seeded }, (_, index): ProductRowRequest => {
      const phone = index % 2 === 0;
      return {
        title: `Seeded ${phone ? 'phone' : 'shirt'} ${String(index).padStart(3, '0')}`,
        price: 100 + index,
        og_price: 200 + index,
        og_url: `https://shop.example/seeded/${index}`,
        category: (phone ? categories.Electronics : categories['Fashion & Style']) ?? '',
        subcategory: (phone ? subcategories.Phones : subcategories.Shirts) ?? '',
        rating: '4.1',
        ratingsAndReviews: '10 Ratings, 2 Reviews',
        deliveryInfo: 'Free delivery',
        availableSizes: phone ? [] : ['M', 'L'],
        specifications: phone
          ? { Storage: '64 GB' }
          : { sizeDetails: { M: 'Chest 40 in', L: 'Chest 42 in' } },
        events: events[index % events.length] ?? 'None',
        btn_url: '',
        images: [image],
      };
    });
    await importProducts(api, products);
  });

  it('pages by 100 with row numbers continuing across pages', async () => {
    await page.getByRole('tab', { name: 'Show' }).click();
    await page.waitForURL('**/show/Product');
    await page.getByText('Showing 100 of 112 products').waitFor();
    expect(await firstNumber()).toBe('1');
    await page.getByRole('button', { name: 'Page 2' }).first().click();
    await page.getByText('Showing 12 of 112 products').waitFor();
    expect(await firstNumber()).toBe('101');
    await screenshot(page, 'products');
  });

  it('searches after typing stops and goes back to page 1', async () => {
    await typeSearch(page.getByLabel('Search products'), 'seeded phone 01');
    // Every word is a prefix: phones 010, 012, 014, 016 and 018 (001 does not start with 01).
    await page.getByText('Showing 5 of 5 products').waitFor();
    expect(await firstNumber()).toBe('1');
    expect(await rows().count()).toBe(6);
    await typeSearch(page.getByLabel('Search products'), '');
    await page.getByText('Showing 100 of 112 products').waitFor();
  });

  it('keeps typing where it was when its search reaches the address', async () => {
    const box = page.getByLabel('Search products');
    // A pause after a space: the trimmed search reaches the address, the box keeps the space.
    await typeSearch(box, 'seeded phone ');
    await page.getByText('Showing 55 of 55 products').waitFor();
    expect(await box.inputValue()).toBe('seeded phone ');
    await box.press('End');
    await box.pressSequentially('01');
    await skipAhead(page, searchDebounceMs);
    await page.getByText('Showing 5 of 5 products').waitFor();
    expect(await box.inputValue()).toBe('seeded phone 01');
    await typeSearch(box, '');
    await page.getByText('Showing 100 of 112 products').waitFor();
  });

  it('filters by category, subcategory and event, with removable chips', async () => {
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('textbox', { name: 'Categories', exact: true }).click();
    await page.getByRole('option', { name: 'Electronics' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Showing 55 of 55 products').waitFor();
    await page.getByRole('textbox', { name: 'Events' }).click();
    await page.getByRole('option', { name: 'Best Deals' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Showing 28 of 28 products').waitFor();
    const chips = page.getByRole('group', { name: 'Active filters' });
    await chips.getByText('Category: Electronics').waitFor();
    await chips.getByText('Event: Best Deals').waitFor();
    await screenshot(page, 'products-filtered');
    await page.getByRole('button', { name: 'Remove Category: Electronics' }).click();
    // Best Deals: every fourth seeded product, and the scraped one.
    await page.getByText('Showing 29 of 29 products').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Showing 100 of 112 products').waitFor();
  });

  it('shows cards instead of the table on a narrow screen', async () => {
    // A search's few cards show the layout as well as a hundred.
    await signedIn.narrowScreenshot(
      '/show/Product?q=seeded+phone+01',
      'products',
      async (small) => {
        await small.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor();
        expect(await small.getByRole('table', { name: 'Products' }).count()).toBe(0);
      },
    );
  });

  it('deletes the selected products after the captcha', async () => {
    await typeSearch(page.getByLabel('Search products'), 'seeded shirt 05');
    await page.getByText('Showing 5 of 5 products').waitFor();
    await page.getByRole('checkbox', { name: 'Select Seeded shirt 051' }).check();
    await page.getByRole('checkbox', { name: 'Select Seeded shirt 053' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await answerCaptcha(page, false, 'Answer is not correct');
    await page.getByText('Showing 5 of 5 products').waitFor();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await answerCaptcha(page, true);
    await toast(page, /2 products deleted/);
    await page.getByText('Showing 3 of 3 products').waitFor();
    expect(await productsTitled('Seeded shirt 051')).toEqual([]);
    await typeSearch(page.getByLabel('Search products'), '');
    // The whole list again, two products fewer.
    await page.getByText('Showing 100 of 110 products').waitFor();
  });
});

describe('Product detail', () => {
  it('shows the product with its size details, edits, cancels and saves', async () => {
    await typeSearch(page.getByLabel('Search products'), 'seeded shirt 001');
    await page.getByText('Showing 1 of 1 products').waitFor();
    await page.getByRole('link', { name: 'Seeded shirt 001' }).click();
    await page.waitForURL('**/show/product/product-details/*');
    await page.getByRole('heading', { name: 'Seeded shirt 001' }).waitFor();
    const sizeDetails = page.getByRole('table', { name: 'Size details' });
    await sizeDetails.getByRole('row', { name: /M\s*Chest 40 in/ }).waitFor();
    await screenshot(page, 'product-details');

    await page.getByRole('button', { name: 'Edit Product' }).click();
    const edit = page.getByRole('form', { name: 'Edit Product' });
    const sizes = edit.getByLabel('Available sizes');
    expect(await sizes.inputValue()).toBe('M, L');
    await sizes.fill(' L , XL ');
    await edit.getByLabel(/^Title/).fill('Edited then cancelled');
    await choose(edit, /^Category/, 'Electronics');
    // A new category clears the subcategory.
    expect(await edit.getByRole('textbox', { name: /^Subcategory/ }).inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Seeded shirt 001' }).waitFor();

    await page.getByRole('button', { name: 'Edit Product' }).click();
    expect(await edit.getByLabel(/^Title/).inputValue()).toBe('Seeded shirt 001');
    await edit.getByLabel('Available sizes').fill(' L , XL ');
    await edit.getByLabel(/^Price/).fill('150');
    await screenshot(page, 'product-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Product updated successfully');
    await page.getByRole('button', { name: 'Edit Product' }).waitFor();
    await page.getByText('₹150', { exact: true }).waitFor();
    const [saved] = await productsTitled('Seeded shirt 001');
    expect(saved).toMatchObject({ price: 150, availableSizes: ['L', 'XL'] });
    expect(saved?.specifications.sizeDetails).toEqual({ M: 'Chest 40 in', L: 'Chest 42 in' });

    await signedIn.narrowScreenshot(
      new URL(page.url()).pathname,
      'product-details',
      async (small) => {
        await small.getByRole('heading', { name: 'Seeded shirt 001' }).waitFor();
      },
    );
    // Back to the list as it was left (its search and page are in the address).
    await page.getByRole('link', { name: 'Back to products' }).click();
    await expect.poll(() => page.url()).toMatch(/\/show\/Product(\?.*)?$/);
  });
});

describe('Product by event', () => {
  // A few of each event are all this screen needs: the seeded products from 020 on go, so it
  // (and its narrow look's cards) renders 26 rows, not 110.
  beforeAll(async () => {
    const seededRows = await productsTitled('Seeded');
    const id = seededRows
      .filter((product) => Number(product.title.slice(-3)) >= 24)
      .map((product) => product._id);
    const removed = await api.products.remove({ id });
    if (!removed.status) throw new Error(removed.message);
  });

  it('filters by event with a chip, and assigns one event to the checked products', async () => {
    // The list left by the last test has its answer: the next list request is this screen's.
    await page
      .getByText(/^Showing \d+ of \d+ products$/)
      .first()
      .waitFor();
    const listAsked = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/App/product',
    );
    await page.getByRole('tab', { name: 'Event' }).click();
    await page.waitForURL('**/show/Prodcut/event');
    const table = page.getByRole('table', { name: 'Products by event' });
    // All 26 on one page: the screen asks pages of 200 (200 rows rendered showed no more).
    expect(new URL((await listAsked).url()).searchParams.get('limit')).toBe(
      String(productByEventPageSize),
    );
    await page.getByText('Showing 26 of 26 products').waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.slice(1)).toEqual([
      'No',
      'Product',
      'Price',
      'Cat',
      'Event',
      'Click',
      'Date',
      'Actions',
    ]);

    await page.getByRole('textbox', { name: 'Event', exact: true }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['All Events', 'Best Deals', 'Trending', 'Now Launch', 'None']);
    await page.getByRole('option', { name: 'Now Launch' }).click();
    await page
      .getByRole('group', { name: 'Active filters' })
      .getByText('Event: Now Launch')
      .waitFor();
    await page.getByText('Showing 6 of 6 products').waitFor();
    await table.getByText('Now Launch').first().waitFor();
    await page.getByRole('button', { name: 'Remove Event: Now Launch' }).click();
    await page.getByText('Showing 26 of 26 products').waitFor();

    await typeSearch(page.getByLabel('Search'), 'seeded phone 00');
    await page.getByText('Showing 5 of 5 products').waitFor();
    await page.getByRole('button', { name: 'Update event' }).click();
    await page
      .getByRole('group', { name: 'Assign an event' })
      .getByText('Please select an event')
      .waitFor();
    await choose(page.getByRole('group', { name: 'Assign an event' }), /^Event for/, 'Now Launch');
    await page.getByRole('button', { name: 'Update event' }).click();
    await toast(page, 'Please select products to update');
    await page.getByRole('checkbox', { name: 'Select Seeded phone 000' }).check();
    await page.getByRole('checkbox', { name: 'Select Seeded phone 002' }).check();
    await screenshot(page, 'products-by-event');
    await page.getByRole('button', { name: 'Update event' }).click();
    await toast(page, 'Events updated successfully');
    const updated = await productsTitled('Seeded phone 00');
    const events = Object.fromEntries(updated.map((product) => [product.title, product.events]));
    expect(events['Seeded phone 000']).toBe('New Launch');
    expect(events['Seeded phone 002']).toBe('New Launch');
    expect(events['Seeded phone 004']).toBe('Best Deals');
    await table.getByRole('row', { name: /Seeded phone 000.*Now Launch/ }).waitFor();

    await page.getByRole('link', { name: 'View details of Seeded phone 000' }).click();
    await page.waitForURL('**/show/product/product-details/*');
    await signedIn.narrowScreenshot('/show/Prodcut/event', 'products-by-event', async (small) => {
      await small.getByText('Showing 26 of 26 products').waitFor();
    });
  });
});
