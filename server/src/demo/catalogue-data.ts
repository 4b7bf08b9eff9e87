// The demo catalogue's contents: three categories, seven subcategories and twenty products
// with realistic prices, specifications, sizes where they make sense and campaign events.
import type { ProductEvent, Size, Specifications } from '@dealdesk/core';
import type { Colours } from './png.js';

export interface DemoProduct {
  title: string;
  price: number;
  og_price: number;
  event: ProductEvent;
  specifications: Specifications;
  sizes?: Size[];
}

export interface DemoSubcategory {
  name: string;
  colours: Colours;
  products: DemoProduct[];
}

const shirtSizes = {
  S: 'Chest 38 in, length 28 in',
  M: 'Chest 40 in, length 29 in',
  L: 'Chest 42 in, length 30 in',
  XL: 'Chest 44 in, length 31 in',
  XXL: 'Chest 46 in, length 32 in',
};

export const catalogue: { name: string; colours: Colours; subcategories: DemoSubcategory[] }[] = [
  {
    name: 'Electronics',
    colours: [
      [25, 118, 210],
      [0, 188, 212],
    ],
    subcategories: [
      {
        name: 'Phones',
        colours: [
          [48, 63, 159],
          [0, 150, 136],
        ],
        products: [
          {
            title: 'Samsung Galaxy M35 5G (Moonlight Blue, 8GB RAM, 128GB Storage)',
            price: 17_999,
            og_price: 24_499,
            event: 'Best Deals',
            specifications: {
              RAM: '8 GB',
              Storage: '128 GB',
              Display: '6.6 inch sAMOLED, 120 Hz',
              Battery: '6000 mAh',
            },
          },
          {
            title: 'Redmi Note 13 Pro 5G (Arctic White, 8GB RAM, 256GB Storage)',
            price: 23_999,
            og_price: 28_999,
            event: 'Trending',
            specifications: {
              RAM: '8 GB',
              Storage: '256 GB',
              Camera: '200 MP main',
              Battery: '5100 mAh',
            },
          },
          {
            title: 'OnePlus Nord CE4 Lite 5G (Super Silver, 8GB RAM, 128GB Storage)',
            price: 19_999,
            og_price: 20_999,
            event: 'New Launch',
            specifications: { RAM: '8 GB', Storage: '128 GB', Charging: '80 W SUPERVOOC' },
          },
          {
            title: 'Apple iPhone 15 (Black, 128 GB)',
            price: 69_900,
            og_price: 79_900,
            event: 'Best Deals',
            specifications: {
              Storage: '128 GB',
              Display: '6.1 inch Super Retina XDR',
              Chip: 'A16 Bionic',
            },
          },
        ],
      },
      {
        name: 'Laptops',
        colours: [
          [55, 71, 79],
          [121, 134, 203],
        ],
        products: [
          {
            title:
              'HP 15s Intel Core i5 12th Gen (16GB/512GB SSD/Windows 11) Thin and Light Laptop',
            price: 52_990,
            og_price: 66_999,
            event: 'Best Deals',
            specifications: {
              Processor: 'Intel Core i5-1235U',
              RAM: '16 GB DDR4',
              Weight: '1.69 kg',
            },
          },
          {
            title: 'ASUS Vivobook 15 AMD Ryzen 7 5825U (16GB/512GB SSD/Windows 11)',
            price: 47_990,
            og_price: 63_990,
            event: 'None',
            specifications: {
              Processor: 'AMD Ryzen 7 5825U',
              Display: '15.6 inch FHD',
              Weight: '1.7 kg',
            },
          },
          {
            title: 'Lenovo IdeaPad Slim 3 Intel Core i3 13th Gen (8GB/512GB SSD/Windows 11)',
            price: 36_990,
            og_price: 52_890,
            event: 'Trending',
            specifications: {
              Processor: 'Intel Core i3-1305U',
              RAM: '8 GB',
              Battery: 'Up to 8 hours',
            },
          },
        ],
      },
      {
        name: 'Audio',
        colours: [
          [94, 53, 177],
          [236, 64, 122],
        ],
        products: [
          {
            title: 'boAt Rockerz 450 Bluetooth On-Ear Headphones with Mic',
            price: 1_299,
            og_price: 3_990,
            event: 'Best Deals',
            specifications: { Playback: 'Up to 15 hours', Connectivity: 'Bluetooth 5.0, AUX' },
          },
          {
            title: 'JBL Tune 770NC Wireless Over-Ear Active Noise Cancelling Headphones',
            price: 5_999,
            og_price: 7_999,
            event: 'New Launch',
            specifications: { Playback: 'Up to 70 hours', 'Noise cancelling': 'Adaptive' },
          },
          {
            title: 'Sony WH-CH520 Wireless On-Ear Headphones with Mic',
            price: 3_989,
            og_price: 5_990,
            event: 'None',
            specifications: {
              Playback: 'Up to 50 hours',
              'Quick charge': '3 minutes for 1.5 hours',
            },
          },
        ],
      },
    ],
  },
  {
    name: 'Fashion',
    colours: [
      [216, 27, 96],
      [255, 167, 38],
    ],
    subcategories: [
      {
        name: 'Men',
        colours: [
          [21, 101, 192],
          [141, 110, 99],
        ],
        products: [
          {
            title: 'Roadster Men Slim Fit Checked Casual Cotton Shirt',
            price: 649,
            og_price: 1_799,
            event: 'Trending',
            sizes: ['S', 'M', 'L', 'XL', 'XXL'],
            specifications: {
              Fabric: 'Cotton',
              Fit: 'Slim Fit',
              Sleeve: 'Full Sleeve',
              sizeDetails: shirtSizes,
            },
          },
          {
            title: "Levi's Men 511 Slim Fit Mid-Rise Stretchable Jeans",
            price: 1_799,
            og_price: 3_599,
            event: 'None',
            sizes: ['S', 'M', 'L', 'XL'],
            specifications: {
              Fabric: 'Cotton blend denim',
              Rise: 'Mid-Rise',
              sizeDetails: {
                S: 'Waist 30 in',
                M: 'Waist 32 in',
                L: 'Waist 34 in',
                XL: 'Waist 36 in',
              },
            },
          },
          {
            title: 'Puma Men Softride Running Shoes',
            price: 2_249,
            og_price: 4_999,
            event: 'Best Deals',
            specifications: { 'UK sizes': '6 to 11', Sole: 'Rubber', Closure: 'Lace-Ups' },
          },
        ],
      },
      {
        name: 'Women',
        colours: [
          [173, 20, 87],
          [255, 112, 67],
        ],
        products: [
          {
            title: 'Libas Women Printed Straight Kurta with Palazzos and Dupatta',
            price: 899,
            og_price: 2_499,
            event: 'New Launch',
            sizes: ['S', 'M', 'L', 'XL', 'XXL'],
            specifications: {
              Fabric: 'Viscose rayon',
              Length: 'Calf length',
              Sleeve: 'Three-quarter',
            },
          },
          {
            title: 'Allen Solly Women Solid Polo Collar T-Shirt',
            price: 599,
            og_price: 1_299,
            event: 'None',
            sizes: ['S', 'M', 'L', 'XL'],
            specifications: { Fabric: 'Cotton pique', Fit: 'Regular Fit', sizeDetails: shirtSizes },
          },
          {
            title: 'Anouk Women Banarasi Silk Blend Saree with Blouse Piece',
            price: 1_899,
            og_price: 5_999,
            event: 'Trending',
            specifications: { Fabric: 'Silk blend', Length: '5.5 m saree, 0.8 m blouse piece' },
          },
        ],
      },
    ],
  },
  {
    name: 'Home',
    colours: [
      [67, 160, 71],
      [255, 202, 40],
    ],
    subcategories: [
      {
        name: 'Kitchen',
        colours: [
          [109, 76, 65],
          [255, 152, 0],
        ],
        products: [
          {
            title: 'Prestige Iris 750 W Mixer Grinder with 3 Stainless Steel Jars',
            price: 2_899,
            og_price: 4_395,
            event: 'Best Deals',
            specifications: { Power: '750 W', Jars: '3', Warranty: '2 years' },
          },
          {
            title: 'Pigeon by Stovekraft Favourite Electric Kettle, 1.5 Litre',
            price: 549,
            og_price: 1_245,
            event: 'None',
            specifications: { Capacity: '1.5 L', Power: '1500 W', 'Auto shut-off': 'Yes' },
          },
          {
            title: 'Milton Thermosteel Flip Lid Vacuum Flask, 1000 ml',
            price: 869,
            og_price: 1_200,
            event: 'None',
            specifications: {
              Capacity: '1000 ml',
              'Keeps hot': '24 hours',
              Material: 'Stainless steel',
            },
          },
        ],
      },
      {
        name: 'Furnishing',
        colours: [
          [0, 121, 107],
          [178, 223, 219],
        ],
        products: [
          {
            title: 'Bombay Dyeing 144 TC Cotton Double Bedsheet with 2 Pillow Covers',
            price: 799,
            og_price: 1_999,
            event: 'Trending',
            specifications: { Material: 'Cotton', 'Thread count': '144', Size: '224 x 254 cm' },
          },
        ],
      },
    ],
  },
];
