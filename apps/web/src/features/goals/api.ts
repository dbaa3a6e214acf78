import type { GoalBoard, GoalTargets } from '@gym/contract/goals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type { GoalBoard, GoalTargets };

export const goalsKey = ['goals'] as const;

/** A month's board at a centre: targets, actuals and pace per row. */
export function useGoalBoard(centerId: string | null, month: string) {
  return useQuery({
    queryKey: [...goalsKey, centerId, month],
    queryFn: ({ signal }) => api.get<GoalBoard>('/pro/goals', { query: { centerId: centerId!, month }, signal }),
    enabled: Boolean(centerId),
    placeholderData: keepPreviousData,
  });
}

export interface SetGoalsRequest {
  centerId: string;
  month: string;
  staffId: string | null;
  targets: GoalTargets;
}

/** Sets a row's targets; the board answered replaces the cached one. */
export function useSetGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetGoalsRequest) => api.request<GoalBoard>('/pro/goals', { method: 'PUT', body }),
    onSuccess: (board) => {
      queryClient.setQueryData([...goalsKey, board.centerId, board.month], board);
      void queryClient.invalidateQueries({ queryKey: goalsKey });
    },
  });
}
