import { SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FEATURED_BRANDS } from '@/entities/product/catalog-enums';
import classes from './home-page.module.css';
import { SectionHeader } from './section-header';

const HOME_BRANDS = FEATURED_BRANDS.slice(0, 6);

/** Six featured brands, each opening the shop filtered by it (?brand=<lower case>). */
export function BrandTiles() {
  return (
    <section aria-labelledby="home-brands">
      <SectionHeader id="home-brands" title="Shop by brand" linkLabel="All brands" linkTo="/marketplace" />
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {HOME_BRANDS.map((brand) => (
          <Link
            key={brand}
            to={`/marketplace?brand=${encodeURIComponent(brand.toLowerCase())}`}
            className={`${classes.tile} ${classes.brandName}`}
          >
            {brand}
          </Link>
        ))}
      </SimpleGrid>
    </section>
  );
}
