// @vitest-environment jsdom
/**
 * What the owner sees of a client's approval: under Project infos "Approved by {name}, {date},
 * revision {n}", and on the project's card a check marked Approved with the approver's name for
 * pointers and screen readers; nothing of it while no client approved.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Project } from '../../src/api/schemas';
import { ownerProjectMachine } from '../../src/machines/viewer/owner/ownerProjectMachine';
import { ProjectCard } from '../../src/ui/list/ProjectCard';
import { ProjectPanel } from '../../src/ui/viewer/panels/ProjectPanel';
import { renderInRouter, renderWithServices } from '../helpers/appHarness';
import { makeProject } from '../helpers/fakeProjectsApi';

afterEach(cleanup);

const approval = { name: 'Gina Guest', date: new Date(2026, 0, 3, 14, 5), revisionNumber: 4, quote: null };
const approvedProject = makeProject({ id: 3, name: 'Kitchen', currentStage: 'ready', revisionNumber: 4, approval });
const waitingProject = makeProject({ id: 3, name: 'Kitchen', currentStage: 'approval', revisionNumber: 4 });

function renderPanel(project: Project) {
  const owner = createActor(ownerProjectMachine, { input: { project } }).start();
  renderWithServices(<ProjectPanel owner={owner} onMoreOptions={() => {}} onRevisions={() => {}} />);
}

async function renderCard(project: Project) {
  const noop = () => {};
  renderInRouter(() => (
    <ul>
      <ProjectCard project={project} onStageChange={noop} onUpdateFile={noop} onRename={noop} onShare={noop} onDelete={noop} />
    </ul>
  ));
  await screen.findByText('Kitchen');
}

describe('the owner sees the approval', () => {
  it('in the project panel, under Project infos', () => {
    renderPanel(approvedProject);
    const line = screen.getByTestId('project-approval');
    expect(line.textContent).toBe('Approved by Gina Guest, 03/01/2026 2:05 PM, revision 4');
    // Under the infos' heading, in the same section.
    expect(line.closest('section')?.querySelector('h4')?.textContent).toBe('Project infos');
  });

  it('not in the project panel while no client approved', () => {
    renderPanel(waitingProject);
    expect(screen.queryByTestId('project-approval')).toBeNull();
    expect(screen.queryByText(/Approved by/)).toBeNull();
  });

  it('on the card: a mark saying Approved, with the name in its tooltip and for screen readers', async () => {
    await renderCard(approvedProject);
    const mark = screen.getByTestId('approved-mark');
    expect(mark.getAttribute('title')).toBe('Approved by Gina Guest');
    expect(mark.querySelector('span[aria-hidden="true"]')?.textContent).toBe('Approved');
    expect(mark.querySelector('.sr-only')?.textContent).toBe('Approved by Gina Guest');
    // Not inside the link, whose label (the project's name) would hide it from screen readers.
    expect(mark.closest('a')).toBeNull();
  });

  it('no mark on the card of a project not approved', async () => {
    await renderCard(waitingProject);
    expect(screen.queryByTestId('approved-mark')).toBeNull();
  });

  it('an approval of an older revision marks the card and the panel as such, and open notes are counted on both', async () => {
    const older = makeProject({ id: 3, name: 'Kitchen', currentStage: 'ready', revisionNumber: 5, approval, openNoteCount: 2 });
    await renderCard(older);
    const mark = screen.getByTestId('approved-mark');
    expect(mark.querySelector('span[aria-hidden="true"]')?.textContent).toBe('Approved rev. 4 · now 5');
    expect(mark.getAttribute('title')).toBe('Revision 4 approved by Gina Guest, 03/01/2026 2:05 PM; current revision 5');
    expect(screen.getByTestId('open-notes-mark').textContent).toBe('Open notes: 2');
    cleanup();
    renderPanel(older);
    expect(screen.getByTestId('project-approval').textContent).toBe('Revision 4 approved by Gina Guest, 03/01/2026 2:05 PM; current revision 5');
    expect(screen.getByTestId('project-open-notes').textContent).toBe('Open notes: 2');
  });
});

