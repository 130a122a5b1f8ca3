/** English: the client's approval of a revision through the link, and what the owner sees of it; part of `./index.ts`. */
export const approval = {
  approve: 'Approve',
  approveRevision: 'Approve revision {n:number}',
  title: 'Approve for production',
  description: 'You approve revision {n:number} of {project:string} for production.',
  name: 'Your name',
  tooLong: 'At most {max:number} characters.',
  sending: 'Sending your approval…',
  approvedOn: 'Approved by {name:string} on {date:string}',
  /** The options the client approves with (the link's dialog), and what the owner sees of them. */
  withOptions: 'With {choices:string}: {total:string}',
  approvedChoices: 'Approved: {choices:string}, {total:string}',
  failures: {
    revisionChanged: 'The model changed since you opened it. Reload the page to see the new revision before approving it.',
    notAwaiting: 'This project is not waiting for approval any more.',
    unavailable: 'This link does not offer approval any more.',
    linkGone: 'This link is no longer available.',
    other: 'Your approval could not be sent. Please try again.',
    noNote: 'Pin a note on the model first, saying what should change: then ask for changes.',
  },
  askForChanges: 'Ask for changes',
  changesTitle: 'Ask for changes',
  changesDescription: 'You ask for changes to revision {n:number} of {project:string}. Your notes tell the maker what to change.',
  changesSending: 'Sending your request…',
  reload: 'Reload',
  /** The owner's project panel and card. */
  approvedBy: 'Approved by {name:string}, {date:string}, revision {n:number}',
  approved: 'Approved',
  approvedTitle: 'Approved by {name:string}',
  /** An approval of an older revision: the mark an owner kept, or what a pending project had. */
  approvedEarlier: 'Revision {approved:number} approved by {name:string}, {date:string}; current revision {current:number}',
  approvedEarlierShort: 'Approved rev. {approved:number} · now {current:number}',
};
