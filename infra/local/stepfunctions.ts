/**
 * A Step Functions endpoint (StartExecution, DescribeExecution, StopExecution) over the JSON protocol, running
 * the real state-machine definitions on aws-local-stepfunctions. Task resources (Lambda ARNs) run the same
 * handler modules in-process. Executions are kept in a JSON file; those running when the process died are
 * marked ABORTED on the next start, as a vanished execution looks to the reconciler.
 */
import './bootstrap';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { StateMachine } from 'aws-local-stepfunctions';
import { writeFileAtomic } from './atomic-file';

type Json = Record<string, unknown>;
export type TaskInvoker = (functionName: string, input: unknown) => Promise<unknown>;

interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

/** GetExecutionHistory's events, in the Step Functions shape (state entered/exited, with the Map index). */
interface HistoryEvent {
  id: number;
  timestamp: number;
  type: string;
  stateEnteredEventDetails?: { name: string };
  stateExitedEventDetails?: { name: string };
  mapIterationIndex?: number;
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const functionNameOf = (arn: string) => arn.split(':').pop() ?? arn;

function taskStates(states: Json, found: Record<string, string> = {}): Record<string, string> {
  for (const [name, raw] of Object.entries(states)) {
    const state = raw as Json;
    if (state.Type === 'Task' && typeof state.Resource === 'string') found[name] = state.Resource;
    const nested = (state.ItemProcessor ?? state.Iterator) as Json | undefined;
    if (nested?.States) taskStates(nested.States as Json, found);
    for (const branch of (state.Branches as Json[] | undefined) ?? [])
      taskStates(branch.States as Json, found);
  }
  return found;
}

export class LocalStepFunctions {
  private readonly machines = new Map<string, Json>();
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly histories = new Map<string, HistoryEvent[]>();

  constructor(
    private readonly invokeTask: TaskInvoker,
    private readonly file?: string,
    /** Retry pauses in ms for local runs (state name → ms); AWS uses the definition's intervals. */
    private readonly retryIntervalOverrides: Record<string, number> = {},
  ) {
    if (file && existsSync(file)) {
      let saved: ExecutionRecord[] = [];
      try {
        saved = JSON.parse(readFileSync(file, 'utf8')) as ExecutionRecord[];
      } catch {
        console.warn(
          '[local cloud] the saved Step Functions executions were unreadable; starting without them',
        );
      }
      for (const record of saved) {
        if (record.status === 'RUNNING') {
          Object.assign(record, {
            status: 'ABORTED',
            stopDate: Date.now() / 1000,
            error: 'States.Runtime',
            cause: 'The local cloud stopped while this execution ran',
          });
        }
        this.executions.set(record.executionArn, record);
      }
      this.persist();
    }
  }

  register(stateMachineArn: string, definition: Json): void {
    this.machines.set(stateMachineArn, definition);
  }

  private persist() {
    if (!this.file) return;
    const recent = [...this.executions.values()].slice(-1000);
    writeFileAtomic(this.file, JSON.stringify(recent));
  }

  startExecution(request: { stateMachineArn?: string; name?: string; input?: string }) {
    const definition = request.stateMachineArn ? this.machines.get(request.stateMachineArn) : undefined;
    if (!definition)
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${request.stateMachineArn}'`,
      );
    const name = request.name ?? randomUUID();
    const input = request.input ?? '{}';
    const executionArn = `${request.stateMachineArn!.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = this.executions.get(executionArn);
    if (existing) {
      // Same name and input while it runs is idempotent, as in AWS; anything else is a conflict.
      if (existing.input === input && existing.status === 'RUNNING')
        return { executionArn, startDate: existing.startDate };
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    let parsedInput: unknown;
    try {
      parsedInput = JSON.parse(input);
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid execution input: not JSON');
    }
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn: request.stateMachineArn!,
      name,
      status: 'RUNNING',
      startDate: Date.now() / 1000,
      input,
    };
    this.executions.set(executionArn, record);
    this.persist();
    this.run(record, definition, parsedInput);
    return { executionArn, startDate: record.startDate };
  }

  private run(record: ExecutionRecord, definition: Json, input: unknown) {
    const machine = new StateMachine(definition as never, { validationOptions: { checkPaths: false } });
    const handlers: Record<string, (event: unknown) => Promise<unknown>> = {};
    for (const [state, resource] of Object.entries(taskStates(definition.States as Json))) {
      handlers[state] = (event) => this.invokeTask(functionNameOf(resource), event);
    }
    const execution = machine.run(input as never, {
      overrides: {
        taskResourceLocalHandlers: handlers as never,
        retryIntervalOverrides: this.retryIntervalOverrides,
      },
      context: {
        Execution: {
          Id: record.executionArn,
          Name: record.name,
          Input: input,
          StartTime: new Date(record.startDate * 1000).toISOString(),
        },
        StateMachine: { Id: record.stateMachineArn },
      } as never,
    });
    void this.recordHistory(record.executionArn, execution.eventLogs);
    execution.result.then(
      (output) => this.finish(record, { status: 'SUCCEEDED', output: JSON.stringify(output ?? null) }),
      (error: Error & { cause?: unknown }) =>
        this.finish(record, {
          status: 'FAILED',
          error: error.name && error.name !== 'Error' ? error.name : 'States.TaskFailed',
          cause: error.message,
        }),
    );
  }

  private async recordHistory(executionArn: string, logs: AsyncIterable<unknown>) {
    const events: HistoryEvent[] = [];
    this.histories.set(executionArn, events);
    if (this.histories.size > 200) this.histories.delete(this.histories.keys().next().value!);
    try {
      for await (const raw of logs) {
        const event = raw as {
          type: string;
          timestamp: number;
          state?: { name: string; type: string };
          index?: number;
        };
        const base = {
          id: events.length + 1,
          timestamp: event.timestamp / 1000,
          mapIterationIndex: event.index,
        };
        if (event.type === 'StateEntered' && event.state)
          events.push({
            ...base,
            type: `${event.state.type}StateEntered`,
            stateEnteredEventDetails: { name: event.state.name },
          });
        else if (event.type === 'StateExited' && event.state)
          events.push({
            ...base,
            type: `${event.state.type}StateExited`,
            stateExitedEventDetails: { name: event.state.name },
          });
        else events.push({ ...base, type: event.state ? `${event.state.type}${event.type}` : event.type });
      }
    } catch {
      // the log ends with the execution
    }
  }

  private finish(record: ExecutionRecord, update: Partial<ExecutionRecord>) {
    Object.assign(record, update, { stopDate: Date.now() / 1000 });
    this.persist();
  }

  describeExecution(request: { executionArn?: string }) {
    const record = request.executionArn ? this.executions.get(request.executionArn) : undefined;
    if (!record)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${request.executionArn}'`);
    return { ...record };
  }

  /** Serves the Step Functions JSON protocol (x-amz-target: AWSStepFunctions.<Action>). */
  async handle(target: string, body: string): Promise<{ status: number; body: Json }> {
    try {
      const request = JSON.parse(body || '{}') as Json;
      const action = target.split('.')[1];
      if (action === 'StartExecution') return { status: 200, body: this.startExecution(request) };
      if (action === 'DescribeExecution') return { status: 200, body: this.describeExecution(request) };
      if (action === 'GetExecutionHistory') {
        this.describeExecution(request);
        return { status: 200, body: { events: this.histories.get(String(request.executionArn)) ?? [] } };
      }
      throw new SfnError(
        'UnknownOperationException',
        `The local Step Functions endpoint does not support ${action}`,
      );
    } catch (error) {
      if (error instanceof SfnError)
        return { status: error.status, body: { __type: error.type, message: error.message } };
      return { status: 400, body: { __type: 'SerializationException', message: (error as Error).message } };
    }
  }

  /** Waits until no execution runs (tests and graceful shutdown). */
  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ([...this.executions.values()].some((e) => e.status === 'RUNNING') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
