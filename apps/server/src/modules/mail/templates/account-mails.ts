import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import type { MailPayloads } from '../mail-kinds';
import { type MailContext, type RenderedMail, compose } from './layout';

const until = (at: number) => `このリンクの有効期限は${formatTokyoDateTime(at)}までです。一度使うと無効になります。`;
const notYou = 'お心当たりのない場合は、このメールを破棄してください。';

export function emailConfirm(data: MailPayloads['EMAIL_CONFIRM'], context: MailContext): RenderedMail {
  return compose('メールアドレスの確認', { ...context, nickname: data.nickname }, [
    {
      text: '本棚へのご登録ありがとうございます。\n下のリンクを開いて、メールアドレスの確認を完了してください。確認が済むと作品を購入できるようになります（無料作品は確認前でもお読みいただけます）。',
    },
    { link: { label: 'メールアドレスを確認する', url: `${context.publicUrl}${data.link}` } },
    { note: until(data.expiresAt) },
    { note: notYou },
  ]);
}

export function emailChangeConfirm(data: MailPayloads['EMAIL_CHANGE_CONFIRM'], context: MailContext): RenderedMail {
  return compose('新しいメールアドレスの確認', { ...context, nickname: data.nickname }, [
    {
      text: `本棚のアカウントのメールアドレスを ${data.newEmail} に変更する手続きを受け付けました。\n下のリンクを開くと変更が完了します。開くまでは、これまでのメールアドレスのままです。`,
    },
    { link: { label: 'メールアドレスの変更を完了する', url: `${context.publicUrl}${data.link}` } },
    { note: until(data.expiresAt) },
    { note: notYou },
  ]);
}

export function emailChanged(data: MailPayloads['EMAIL_CHANGED'], context: MailContext): RenderedMail {
  return compose('メールアドレスが変更されました', { ...context, nickname: data.nickname }, [
    {
      text: `本棚のアカウントのメールアドレスが、${formatTokyoDateTime(data.at)}に ${data.newEmail} へ変更されました。\n今後のお知らせは新しいメールアドレスにお送りします。`,
    },
    { text: 'この変更にお心当たりのない場合は、第三者がアカウントを利用しているおそれがあります。すぐにパスワードを再設定してください。' },
    { link: { label: 'パスワードを再設定する', url: `${context.publicUrl}/password_reset` } },
  ]);
}

export function passwordReset(data: MailPayloads['PASSWORD_RESET'], context: MailContext): RenderedMail {
  return compose('パスワードの再設定', { ...context, nickname: data.nickname }, [
    { text: 'パスワードの再設定のお申し込みを受け付けました。\n下のリンクを開いて、新しいパスワードを設定してください。' },
    { link: { label: '新しいパスワードを設定する', url: `${context.publicUrl}${data.link}` } },
    { note: until(data.expiresAt) },
    { note: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。' },
  ]);
}

export function passwordChanged(data: MailPayloads['PASSWORD_CHANGED'], context: MailContext): RenderedMail {
  const how = data.how === 'RESET' ? '再設定' : '変更';
  return compose(`パスワードが${how}されました`, context, [
    {
      text: `本棚のアカウントのパスワードが、${formatTokyoDateTime(data.at)}に${how}されました。\n安全のため、ほかの端末のログイン状態はすべて終了しました。`,
    },
    { text: 'この操作にお心当たりのない場合は、すぐにパスワードを再設定してください。' },
    { link: { label: 'パスワードを再設定する', url: `${context.publicUrl}/password_reset` } },
  ]);
}

export function withdrawalDone(data: MailPayloads['WITHDRAWAL_DONE'], context: MailContext): RenderedMail {
  return compose('退会手続きが完了しました', { ...context, nickname: data.nickname }, [
    { text: `${formatTokyoDateTime(data.at)}に、本棚の退会手続きが完了しました。これまでのご利用ありがとうございました。` },
    {
      text: 'アカウントの情報は削除または匿名化しました。法令で保存が必要な購入・決済の記録は、個人を特定できない形で保存します。\n同じメールアドレスで再度ご登録いただくと、新しいアカウントになります。',
    },
  ]);
}
