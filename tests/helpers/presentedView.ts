/** A presenter's view for the presence tests and bench: the camera at `x` along the first axis, the rest plain, `extra` over it. */
import type { PresentedView } from '../../src/api/presence';

export function presentedViewAt(x: number, extra: Partial<PresentedView> = {}): PresentedView {
  return {
    camera: { view: 'free', position: [x, 1, 2], target: [0, 0, 0], orthoHalfHeight: null },
    renderMode: 'solid',
    clipping: null,
    explode: 0,
    hidden: [],
    isolated: null,
    measurement: null,
    selection: null,
    noticeStep: null,
    ...extra,
  };
}
