/**
 * The one base of the app's icons: a 24x24 stroke drawing in the current text colour, decorative
 * (the control around it carries the name). Icon sets (icons.tsx, actionIcons.tsx, the viewer's
 * viewerIcons.tsx) only draw paths inside it.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
