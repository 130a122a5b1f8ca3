// @vitest-environment jsdom
/** The step navigator: Step n of N, buttons and arrow keys wrapping around, ignored while typing. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { noticeMachine } from '../../../src/machines/viewer/tools/noticeMachine';
import { FilterNoMatch } from '../../../src/ui/viewer/FilterNoMatch';
import { StepNavigator } from '../../../src/ui/viewer/StepNavigator';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

function setup() {
  const actor = createActor(noticeMachine, { input: { steps: [['1'], ['2'], ['3']] } }).start();
  renderWithLocale(
    <>
      <input aria-label="Other field" />
      <StepNavigator actor={actor} />
    </>,
  );
  return actor;
}

describe('step navigator', () => {
  it('shows nothing outside notice mode', () => {
    const actor = setup();
    expect(screen.queryByText(/Step/)).toBeNull();
    act(() => actor.send({ type: 'notice.start' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('wraps around with the buttons', () => {
    const actor = setup();
    act(() => actor.send({ type: 'notice.start' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('moves with the arrow keys, except while typing in a field', () => {
    const actor = setup();
    act(() => actor.send({ type: 'notice.start' }));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText('Other field'), { key: 'ArrowRight' });
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
  });
});

describe('step navigator in French', () => {
  it('speaks French', () => {
    const actor = createActor(noticeMachine, { input: { steps: [['1'], ['2']] } }).start();
    renderWithLocale(<StepNavigator actor={actor} />, 'fr');
    act(() => actor.send({ type: 'notice.start' }));
    expect(screen.getByText('Étape 1 sur 2')).toBeTruthy();
  });
});

describe('a filter that matches nothing', () => {
  function setupFilter(steps: string[][], stepNames: string[][], locale: 'en' | 'fr' = 'en') {
    const actor = createActor(noticeMachine, { input: { steps } }).start();
    renderWithLocale(<FilterNoMatch actor={actor} stepNames={stepNames} />, locale);
    act(() => actor.send({ type: 'notice.start' }));
    return actor;
  }

  it('says which names matched no part, and Show all parts ends the filter', () => {
    const actor = setupFilter([[]], [['Cabinet 3']]);
    expect(screen.getByRole('status').textContent).toContain('No part matches the filter “Cabinet 3”.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks of the step on screen only, in the user\'s language', () => {
    const actor = setupFilter([['n1'], []], [['Door'], ['Drawer 9']], 'fr');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => actor.send({ type: 'notice.next' }));
    expect(screen.getByRole('status').textContent).toContain('Aucune pièce ne correspond au filtre « Drawer 9 ».');
    expect(screen.getByRole('button', { name: 'Afficher toutes les pièces' })).toBeTruthy();
  });
});
