/** The revision the client approved, when it is the project's current one (null otherwise): making another revision current asks the owner first. */
export const approvedRevisionOf = (project: { approval: { revisionNumber: number } | null; revisionNumber: number } | undefined): number | null =>
  project?.approval && project.approval.revisionNumber === project.revisionNumber ? project.approval.revisionNumber : null;
