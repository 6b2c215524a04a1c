import { SimpleGrid } from '@mantine/core';
import { IconHanger, IconHanger2, IconJacket, IconShirt } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './home-page.module.css';
import { SectionHeader } from './section-header';

const TILES: { value: string; label: string; icon: ReactNode; color: string }[] = [
  { value: 'tops', label: 'Tops', icon: <IconShirt size={36} stroke={1.4} />, color: 'brand' },
  { value: 'bottoms', label: 'Bottoms', icon: <IconHanger size={36} stroke={1.4} />, color: 'indigo' },
  { value: 'dresses', label: 'Dresses', icon: <IconHanger2 size={36} stroke={1.4} />, color: 'pink' },
  { value: 'outerwear', label: 'Outerwear', icon: <IconJacket size={36} stroke={1.4} />, color: 'orange' },
];

function tileStyle(color: string): CSSProperties {
  return {
    '--tile-bg': `light-dark(var(--mantine-color-${color}-0), var(--mantine-color-dark-6))`,
  } as CSSProperties;
}

/** Tops, Bottoms, Dresses, Outerwear: each opens the shop filtered by it (?category=). */
export function CategoryTiles() {
  return (
    <section aria-labelledby="home-categories">
      <SectionHeader id="home-categories" title="Shop by category" />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {TILES.map((tile) => (
          <Link
            key={tile.value}
            to={`/marketplace?category=${tile.value}`}
            className={`${classes.tile} ${classes.categoryTile}`}
            style={tileStyle(tile.color)}
          >
            <span aria-hidden style={{ color: `var(--mantine-color-${tile.color}-7)` }}>
              {tile.icon}
            </span>
            {tile.label}
          </Link>
        ))}
      </SimpleGrid>
    </section>
  );
}
