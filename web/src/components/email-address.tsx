/**
 * An email address that wraps only where an address may: after its @ and before a dot, never
 * inside a word (a narrow column or a phone would otherwise cut "olivia.benn|ett@..."). With
 * `link`, it is a mailto: link.
 */
import { Fragment } from 'react';

/** The pieces of an address, each one the text between two places it may wrap. */
export function emailPieces(address: string): string[] {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at + 1);
  const domain = at < 0 ? '' : address.slice(at + 1);
  const byDots = (text: string): string[] => text.split(/(?=\.)/).filter(Boolean);
  return [...byDots(local), ...byDots(domain)];
}

export function EmailAddress({ address, link = false, className }: { address: string; link?: boolean; className?: string }) {
  const pieces = emailPieces(address).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));
  const classes = className ? `email ${className}` : 'email';
  return link ? (
    <a className={classes} href={`mailto:${address}`} data-email="">
      {pieces}
    </a>
  ) : (
    <span className={classes} data-email="">
      {pieces}
    </span>
  );
}
