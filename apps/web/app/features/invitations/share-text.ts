import { formatAmount } from '@hondana/domain/common/format';
import { shortClosingLine, shortTwitterText } from '@hondana/domain/invitations/invitations';
import { invitationCopy } from '../../i18n/ja-invitations';

/**
 * The text shared with an invitation link (§5): with a book's title, the title line first; the
 * Twitter variant is shorter for long titles and the closing line is shorter for middling ones,
 * by the weighted length of the title (printable ASCII counts half).
 */
export function shareText(input: { amount: number; title: string | null; destination: 'twitter' | 'line' | 'other' }): string {
  const title = input.title ?? '';
  const amount = formatAmount(input.amount);
  const short = input.destination === 'twitter' && title !== '' && shortTwitterText(title, false);
  const lines = [
    title ? invitationCopy('share.withTitle', { title }) : null,
    short ? invitationCopy('share.messageShort', { amount }) : invitationCopy('share.message', { amount }),
  ];
  lines.push(title !== '' && shortClosingLine(title, false) ? invitationCopy('share.closingShort') : invitationCopy('share.closing'));
  return lines.filter((l): l is string => l !== null).join('\n');
}

export const lineShareUrl = (link: string) => `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(link)}`;
export const twitterShareUrl = (text: string, link: string) =>
  `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(link)}`;
