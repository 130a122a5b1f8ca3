/**
 * Hands a picked or dropped file to the upload actor: a file of another format is reported to the
 * list (its message dialog), a model file is read and sent as a create or an update (with the
 * client's approval of the current revision, which the update asks about first).
 */
import { useCallback } from 'react';
import type { Project } from '../../machines/types';
import { approvedRevisionOf } from '../../machines/projects/approvedRevision';
import { isModelFileName } from '../../machines/projects/modelFile';
import { useAppServices } from '../app/AppServices';

export function useModelUpload(onRejected: (name: string) => void) {
  const { projects } = useAppServices();
  return useCallback(
    /** `loadsModel`: the update is made in a viewer, which loads the new model after it. */
    async (file: File, project?: Pick<Project, 'id' | 'approval' | 'revisionNumber'>, loadsModel = false) => {
      if (!isModelFileName(file.name)) return onRejected(file.name);
      const picked = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
      projects.upload.send(
        project === undefined
          ? { type: 'upload.create', file: picked }
          : { type: 'upload.update', projectId: project.id, file: picked, loadsModel, approvedRevision: approvedRevisionOf(project) },
      );
    },
    [projects.upload, onRejected],
  );
}
