import { useQuery } from '@tanstack/react-query';
import { bookTextQuery } from '../api/book-text-query';
import TextStage, { type TextStageProps } from './text-stage';

/** The viewer's text stage, its chapters read from the server (the offline reader passes its own). */
export default function ServerTextStage({ bookId, ...props }: Omit<TextStageProps, 'text'> & { bookId: number }) {
  const query = useQuery(bookTextQuery(bookId));
  return <TextStage {...props} text={query.isError ? 'failed' : (query.data ?? null)} />;
}
