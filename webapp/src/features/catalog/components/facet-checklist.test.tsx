import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test-utils/render';
import { FacetChecklist } from './facet-checklist';

describe('FacetChecklist', () => {
  it('is left out when no choice has items, rather than saying "None yet"', () => {
    const { container } = render(
      <FacetChecklist
        legend="Brand"
        options={[{ value: 'nike', label: 'Nike', count: 0 }]}
        selected={[]}
        onToggle={() => {}}
      />,
    );
    expect(screen.queryByText('Brand')).not.toBeInTheDocument();
    expect(screen.queryByText('None yet')).not.toBeInTheDocument();
    expect(container.querySelector('fieldset')).toBeNull();
  });

  it('keeps a ticked choice at zero so it can be unticked', () => {
    render(
      <FacetChecklist
        legend="Brand"
        options={[{ value: 'nike', label: 'Nike', count: 0 }]}
        selected={['nike']}
        onToggle={() => {}}
      />,
    );
    expect(screen.getByRole('checkbox', { name: /Nike/ })).toBeChecked();
  });
});
