import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../helpers/render-app';

const menuButton = (name: 'Solutions' | 'Services') => screen.getByRole('button', { name });
const menuOf = (name: 'Solutions' | 'Services') =>
  document.getElementById(menuButton(name).getAttribute('aria-controls') ?? '') as HTMLElement;

async function renderAbout() {
  await renderApp('/about');
  await screen.findByRole('heading', { level: 1, name: 'About SpanWatch' });
  return userEvent.setup();
}

describe('public header', () => {
  it('offers every link of the spec in the main navigation', async () => {
    await renderAbout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About', 'Contact us', 'FAQs', 'Login']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'SpanWatch home' })).toHaveAttribute('href', '/');
  });

  it('opens a dropdown on click, listing its pages, with the matching ARIA state', async () => {
    const user = await renderAbout();
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'false');
    expect(menuOf('Solutions')).not.toBeVisible();

    await user.click(menuButton('Solutions'));

    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'true');
    const menu = within(menuOf('Solutions'));
    expect(menu.getAllByRole('link')).toHaveLength(4);
    expect(
      menu.getByRole('link', { name: 'Structural Condition Forecast Modeling' }),
    ).toHaveAttribute('href', '/solutions/real-time-capacity-tracking');
  });

  it('keeps the two dropdowns mutually exclusive', async () => {
    const user = await renderAbout();
    await user.click(menuButton('Solutions'));
    await user.click(menuButton('Services'));

    expect(menuButton('Services')).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'false');
    expect(menuOf('Solutions')).not.toBeVisible();
    expect(within(menuOf('Services')).getAllByRole('link')).toHaveLength(6);
  });

  it('closes a dropdown when the pointer leaves it', async () => {
    const user = await renderAbout();
    await user.click(menuButton('Services'));
    await user.unhover(menuButton('Services').closest('li') as HTMLElement);

    expect(menuButton('Services')).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: arrows open and move, Escape closes back to the button', async () => {
    const user = await renderAbout();
    menuButton('Solutions').focus();

    await user.keyboard('{ArrowDown}');
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Structural Health Monitoring' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Data-Driven Maintenance Insights' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Damage Detection Modeling' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton('Solutions')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the dropdown when focus moves on past it', async () => {
    const user = await renderAbout();
    menuButton('Solutions').focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Damage Detection Modeling' })).toHaveFocus();

    await user.tab();

    expect(menuButton('Services')).toHaveFocus();
    expect(menuButton('Solutions')).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads to the chosen page and closes the menu', async () => {
    const user = await renderAbout();
    await user.click(menuButton('Services'));
    await user.click(screen.getByRole('link', { name: 'IoT for Connectivity' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'IoT for Connectivity' }),
    ).toBeInTheDocument();
    expect(menuButton('Services')).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles the whole menu with the hamburger button', async () => {
    const user = await renderAbout();
    const hamburger = screen.getByRole('button', { name: 'Menu' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await user.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu with Escape and returns focus to the hamburger', async () => {
    const user = await renderAbout();
    const hamburger = screen.getByRole('button', { name: 'Menu' });
    await user.click(hamburger);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    expect(hamburger).toHaveFocus();
  });
});
