import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('states the claims, the steps, the use cases, the formats and links to /upload', () => {
    renderPage(<LandingPage />);
    expect(screen.getByText('AI-powered 3D rendering')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.9/5 by 500+ architects')).toBeInTheDocument();
    expect(screen.getByText('No credit card required')).toBeInTheDocument();
    expect(screen.getByText('Start for free')).toBeInTheDocument();
    for (const title of ['Upload your drawings', 'Describe your vision', 'Get 3 visualizations']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    for (const title of ['Residential', 'Commercial', 'Urban Planning']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Supported formats: JPG, PNG, PDF, DWG, DXF')).toBeInTheDocument();
    const ctas = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/upload');
    expect(ctas.length).toBeGreaterThanOrEqual(1);
  });
});
