/**
 * `npm run qa -- --ui-mutants [--machine X]`: planted faults in the views that no test of a machine
 * alone can see (the machine is right; its screen is wired wrong), each built into its own copy of
 * the app and played against the machine's paths through its screen. A mutant is killed when a path
 * fails. The build as it is is played first: a failing plain build stops the check. The source is
 * restored after each mutant, whatever happens.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ensureBuilt, runScreens, SCREEN_SPECS } from './screenRuns';

export interface ViewMutant {
  id: string;
  machine: string;
  /** Which kind of fault (docs/qa.md). */
  kind: 'a button sending the wrong event' | 'a view reading the wrong state' | "a dialog's confirm not wired";
  file: string;
  find: string;
  replace: string;
}

export const VIEW_MUTANTS: ViewMutant[] = [
  {
    id: 'rename-enter-cancels',
    machine: 'rename',
    kind: 'a button sending the wrong event',
    file: 'src/ui/dialogs/RenameDialog.tsx',
    find: "onSubmit={() => actor.send({ type: 'rename.submit' })}",
    replace: "onSubmit={() => actor.send({ type: 'rename.cancel' })}",
  },
  {
    id: 'rename-rule-not-shown',
    machine: 'rename',
    kind: 'a view reading the wrong state',
    file: 'src/ui/dialogs/RenameDialog.tsx',
    find: 'const message = context.error ? errors[context.error] : context.saveFailed',
    replace: 'const message = context.saveFailed',
  },
  {
    id: 'rename-button-ignores-rules',
    machine: 'rename',
    kind: 'a view reading the wrong state',
    file: 'src/ui/dialogs/RenameDialog.tsx',
    find: 'disabled={busy || !canRename(context)}',
    replace: 'disabled={busy}',
  },
  {
    id: 'delete-confirm-unwired',
    machine: 'delete',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/dialogs/DeleteDialog.tsx',
    find: "onClick={() => actor.send({ type: 'delete.confirm' })}",
    replace: 'onClick={() => undefined}',
  },
  {
    id: 'delete-cancel-confirms',
    machine: 'delete',
    kind: 'a button sending the wrong event',
    file: 'src/ui/dialogs/DeleteDialog.tsx',
    find: "const cancel = () => actor.send({ type: 'delete.cancel' });",
    replace: "const cancel = () => actor.send({ type: 'delete.confirm' });",
  },
  {
    id: 'delete-failure-not-shown',
    machine: 'delete',
    kind: 'a view reading the wrong state',
    file: 'src/ui/dialogs/DeleteDialog.tsx',
    find: '{failed ? (',
    replace: '{busy ? (',
  },
  {
    id: 'settings-unit-sends-current',
    machine: 'settings',
    kind: 'a button sending the wrong event',
    file: 'src/ui/panels/UserPanel.tsx',
    find: "settings.send({ type: 'settings.unitChanged', unit: value })",
    replace: "settings.send({ type: 'settings.unitChanged', unit })",
  },
  {
    id: 'settings-fraction-not-read',
    machine: 'settings',
    kind: 'a view reading the wrong state',
    file: 'src/ui/panels/InchFractionField.tsx',
    find: 'const fraction = useSelector(settings, (s) => s.context.inchFraction) ?? 16;',
    replace: 'const fraction = useSelector(settings, () => null) ?? 16;',
  },
  {
    id: 'share-failure-not-shown',
    machine: 'share',
    kind: 'a view reading the wrong state',
    file: 'src/ui/dialogs/ShareDialog.tsx',
    find: '{failed ? (',
    replace: '{closeRequested ? (',
  },
  {
    id: 'share-publish-only-publishes',
    machine: 'share',
    kind: 'a button sending the wrong event',
    file: 'src/ui/dialogs/ShareDialog.tsx',
    find: "onChange={(value) => actor.send({ type: 'share.publish', value })}",
    replace: "onChange={() => actor.send({ type: 'share.publish', value: true })}",
  },
  {
    id: 'link-estimate-retry-unwired',
    machine: 'linkEstimate',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/viewer/panels/LinkEstimate.tsx',
    find: "onRetry={() => actor.send({ type: 'linkEstimate.retry' })}",
    replace: 'onRetry={() => undefined}',
  },
  {
    id: 'labels-format-always-a4',
    machine: 'labels',
    kind: 'a button sending the wrong event',
    file: 'src/ui/labels/LabelsScreen.tsx',
    find: "onClick={() => actor.send({ type: 'labels.format', format: value })}",
    replace: "onClick={() => actor.send({ type: 'labels.format', format: 'a4' })}",
  },
  {
    id: 'plans-retry-unwired',
    machine: 'plans',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/dialogs/SubscriptionsDialog.tsx',
    find: "onClick={() => actor.send({ type: 'plans.retry' })}",
    replace: 'onClick={() => undefined}',
  },
  {
    id: 'branding-remove-ignores-default',
    machine: 'branding',
    kind: 'a view reading the wrong state',
    file: 'src/ui/panels/CustomizationSection.tsx',
    find: 'disabled={busy || !isCustomLogo}',
    replace: 'disabled={busy}',
  },
  {
    id: 'machining-show-sends-retry',
    machine: 'machining',
    kind: 'a button sending the wrong event',
    file: 'src/ui/machining/PanelMachining.tsx',
    find: "onClick={() => actor.send({ type: 'machining.show' })}",
    replace: "onClick={() => actor.send({ type: 'machining.retry' })}",
  },
  {
    id: 'workshop-mode-sends-retry',
    machine: 'workshop',
    kind: 'a button sending the wrong event',
    file: 'src/ui/workshop/WorkshopScreen.tsx',
    find: "onChange={(m) => actor.send({ type: 'workshop.mode', mode: m })}",
    replace: "onChange={() => actor.send({ type: 'workshop.retry' })}",
  },
  {
    id: 'workshop-save-never-busy',
    machine: 'workshop',
    kind: 'a view reading the wrong state',
    file: 'src/ui/workshop/WorkshopSettingsForm.tsx',
    find: 'disabled={saving}',
    replace: 'disabled={false}',
  },
  {
    id: 'approval-cancel-sends',
    machine: 'approval',
    kind: 'a button sending the wrong event',
    file: 'src/ui/dialogs/ApprovalDialog.tsx',
    find: "const cancel = () => actor.send({ type: 'approval.cancel' });",
    replace: "const cancel = () => actor.send({ type: 'approval.submit' });",
  },
  {
    id: 'approval-refusal-not-told',
    machine: 'approval',
    kind: 'a view reading the wrong state',
    file: 'src/ui/dialogs/ApprovalDialog.tsx',
    find: 'LL.approval.failures[failure]()',
    replace: 'LL.approval.failures.other()',
  },
  {
    id: 'link-options-checks-the-models-own',
    machine: 'linkOptions',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/panels/LinkOptions.tsx',
    find: 'const on = choice.id === current.id;',
    replace: 'const on = i === 0;',
  },
  {
    id: 'link-options-back-unwired',
    machine: 'linkOptions',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/panels/LinkOptions.tsx',
    find: "onClick={() => actor.send({ type: 'options.reset' })}",
    replace: 'onClick={() => undefined}',
  },
  {
    id: 'room-ar-close-unwired',
    machine: 'roomAr',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/viewer/RoomArButton.tsx',
    find: "onClick={() => ar.send({ type: 'ar.dismiss' })}",
    replace: 'onClick={() => undefined}',
  },
  {
    id: 'owner-rename-sends-delete',
    machine: 'ownerProject',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/panels/ProjectPanel.tsx',
    find: "onClick={() => owner.send({ type: 'owner.rename' })}",
    replace: "onClick={() => owner.send({ type: 'owner.delete' })}",
  },
  {
    id: 'owner-stage-failure-reads-export',
    machine: 'ownerProject',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/panels/ProjectPanel.tsx',
    find: '{stageFailed ? (',
    replace: '{exportFailed ? (',
  },
  {
    id: 'follower-stop-follows-again',
    machine: 'follower',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/PresenceBar.tsx',
    find: "onClick={() => presence.send({ type: 'presence.stopFollowing' })}",
    replace: "onClick={() => presence.send({ type: 'presence.followAgain' })}",
  },
  {
    id: 'follower-names-nobody',
    machine: 'follower',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/PresenceBar.tsx',
    find: 'followed ? followed.name || LL.presence.presenterFallback()',
    replace: 'followed ? LL.presence.presenterFallback()',
  },
  {
    id: 'presenter-stop-presents',
    machine: 'presenter',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/PresenceBar.tsx',
    find: "onClick={() => presence.send({ type: 'presence.stopPresenting' })}",
    replace: "onClick={() => presence.send({ type: 'presence.present' })}",
  },
  {
    id: 'notice-next-goes-back',
    machine: 'notice',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/StepNavigator.tsx',
    find: "onClick={() => actor.send({ type: 'notice.next' })}",
    replace: "onClick={() => actor.send({ type: 'notice.previous' })}",
  },
  {
    id: 'notice-position-always-first',
    machine: 'notice',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/StepNavigator.tsx',
    find: '{LL.viewer.steps.position(position)}',
    replace: '{LL.viewer.steps.position({ ...position, current: 1 })}',
  },
  {
    id: 'quote-preview-picks-the-first',
    machine: 'quoteEditor',
    kind: 'a button sending the wrong event',
    file: 'src/ui/workshop/QuoteTab.tsx',
    find: "onClick={() => actor.send({ type: 'quote.select', group: group.id, choice: choice.id })}",
    replace: "onClick={() => actor.send({ type: 'quote.select', group: group.id, choice: group.choices[0].id })}",
  },
  {
    id: 'quote-refusal-hidden',
    machine: 'quoteEditor',
    kind: 'a view reading the wrong state',
    file: 'src/ui/workshop/QuoteTab.tsx',
    find: '{refusal ? (',
    replace: '{refusal && saving ? (',
  },
  {
    id: 'link-changes-hide-shows',
    machine: 'linkChanges',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/LinkChangesBanner.tsx',
    find: "onClick={() => actor.send({ type: showing ? 'linkChanges.hide' : 'linkChanges.show' })}",
    replace: "onClick={() => actor.send({ type: 'linkChanges.show' })}",
  },
  {
    id: 'link-changes-list-with-tints-only',
    machine: 'linkChanges',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/LinkChangesBanner.tsx',
    find: '{listOpen ? <ChangedPartsList',
    replace: '{listOpen && showing ? <ChangedPartsList',
  },
  {
    id: 'revisions-continue-cancels',
    machine: 'revisions',
    kind: 'a dialog\'s confirm not wired',
    file: 'src/ui/viewer/panels/RevisionsPanel.tsx',
    find: "onContinue={() => actor.send({ type: 'revisions.confirmCredit' })}",
    replace: "onContinue={() => actor.send({ type: 'revisions.cancel' })}",
  },
  {
    id: 'revisions-shown-is-current',
    machine: 'revisions',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/panels/RevisionsPanel.tsx',
    find: 'const shown = viewing ?? currentRevision;',
    replace: 'const shown = currentRevision;',
  },
  {
    id: 'list-more-retry-unwired',
    machine: 'projectList',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/list/ListPagingEnd.tsx',
    find: 'onClick={onRetry}',
    replace: 'onClick={() => {}}',
  },
  {
    id: 'list-count-reads-all',
    machine: 'projectList',
    kind: 'a view reading the wrong state',
    file: 'src/ui/list/ProjectListScreen.tsx',
    find: 'counts.matching === counts.all',
    replace: 'counts.matching <= counts.all',
  },
  {
    id: 'viewer-hierarchy-opens-share',
    machine: 'ownerViewer',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/LeftToolbar.tsx',
    find: "onClick={() => toggle('hierarchy')}",
    replace: "onClick={() => toggle(variant === 'owner' ? 'share' : 'hierarchy')}",
  },
  {
    id: 'viewer-link-gone-silent',
    machine: 'sharedViewer',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/LoadStatus.tsx',
    find: "open={view === 'failed' || view === 'notFound'}",
    replace: "open={view === 'failed'}",
  },
  {
    id: 'hyperlinks-add-too-long',
    machine: 'hyperlinks',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/panels/HyperlinksPanel.tsx',
    find: 'draftIsSendable={draftError === null}',
    replace: "draftIsSendable={draftError === null || draftError === 'nameTooLong'}",
  },
  {
    id: 'notes-confirm-cancels',
    machine: 'comments',
    kind: "a dialog's confirm not wired",
    file: 'src/ui/viewer/panels/NotesBulkBar.tsx',
    find: "onClick={() => send('confirm')}",
    replace: "onClick={() => send('cancelConfirm')}",
  },
  {
    id: 'notes-checkbox-unchecked',
    machine: 'hyperlinks',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/panels/NoteCard.tsx',
    find: 'checked={selection.checked}',
    replace: 'checked={false}',
  },
  {
    id: 'review-reply-opens',
    machine: 'review',
    kind: 'a button sending the wrong event',
    file: 'src/ui/viewer/review/ReviewPanel.tsx',
    find: "onClick={() => actor.send({ type: 'review.reply', id: note.id })}",
    replace: "onClick={() => actor.send({ type: 'review.open', id: note.id })}",
  },
  {
    id: 'review-reply-never-sending',
    machine: 'review',
    kind: 'a view reading the wrong state',
    file: 'src/ui/viewer/review/ReviewPanel.tsx',
    find: "const sending = state.matches({ ready: { composing: 'sending' } }) || state.matches({ ready: 'sendingReply' });",
    replace: "const sending = state.matches({ ready: { composing: 'sending' } });",
  },
];

const OUT = '.tmp/mutant-dist';
/** Its own server port and data folder, so a developer's end-to-end server is left alone. */
const ENV = { STATIC_DIR: OUT, E2E_PORT: '8097', E2E_DATA_DIR: '.tmp/e2e-mutants' };

export function runViewMutants(machine?: string): number {
  const mutants = VIEW_MUTANTS.filter((m) => !machine || m.machine === machine);
  const machines = [...new Set(mutants.map((m) => m.machine))];
  console.log(`# the build as it is, through the screens of ${machines.join(', ')}`);
  rmSync(OUT, { recursive: true, force: true });
  if (ensureBuilt(OUT) !== 0) return 1;
  for (const m of machines) {
    if (runScreens({ spec: SCREEN_SPECS.drivers, machine: m, env: ENV, quiet: true }) !== 0) {
      console.error(`the plain build fails ${m}'s screen paths: fix that first (npx playwright test ${SCREEN_SPECS.drivers})`);
      return 1;
    }
  }
  const results: Array<ViewMutant & { killed: boolean }> = [];
  for (const mutant of mutants) {
    const original = readFileSync(mutant.file, 'utf8');
    if (!original.includes(mutant.find)) {
      console.error(`${mutant.id}: "${mutant.find}" is no longer in ${mutant.file}: plant it again`);
      return 1;
    }
    try {
      writeFileSync(mutant.file, original.replace(mutant.find, mutant.replace));
      rmSync(OUT, { recursive: true, force: true });
      if (ensureBuilt(OUT) !== 0) throw new Error(`${mutant.id}: the mutant does not build`);
      const killed = runScreens({ spec: SCREEN_SPECS.drivers, machine: mutant.machine, env: ENV, quiet: true }) !== 0;
      results.push({ ...mutant, killed });
      console.log(`${killed ? 'killed  ' : 'SURVIVED'} ${mutant.id} (${mutant.kind}, ${mutant.file})`);
    } finally {
      writeFileSync(mutant.file, original);
    }
  }
  const survived = results.filter((r) => !r.killed);
  console.log(`\n${results.length - survived.length} of ${results.length} view mutants killed by the screen paths`);
  return survived.length === 0 ? 0 : 1;
}
