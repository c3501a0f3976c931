/** The query keys of the industry API: lists and options start with these; mutations invalidate them. */
export const industryKeys = {
  all: ['industries'] as const,
  lists: () => [...industryKeys.all, 'list'] as const,
  options: () => [...industryKeys.all, 'options'] as const,
};
