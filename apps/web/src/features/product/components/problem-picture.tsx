import { Image, Skeleton } from 'antd';
import { useProblemPicture } from '@/features/product/api/get-problem-picture';

/** A problem's picture, loaded with the session header (see get-problem-picture). */
export function ProblemPicture({ url, size = 96 }: { url: string; size?: number }) {
  const { data } = useProblemPicture(url);
  if (!data) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return <Image src={data} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
