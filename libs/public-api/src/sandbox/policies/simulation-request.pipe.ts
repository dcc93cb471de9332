// Validates a simulation's body as the class of its action (one round, every problem with its pointer): an
// unknown or missing action is refused at /action, and a property the action does not take at its own
// pointer, as dispatch-command refuses a body of another command.
import { Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { BadRequestProblem, flattenValidationErrors } from '@gateway/platform';
import { SIMULATION_ACTIONS, SIMULATION_BODIES, SimulationAction, SimulationRequest } from '../dto/sandbox-simulation.dto';

const INVALID = 'The request is not valid.';

@Injectable()
export class SimulationRequestPipe implements PipeTransform<unknown, Promise<SimulationRequest>> {
  async transform(value: unknown): Promise<SimulationRequest> {
    const body = value ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestProblem(INVALID, [{ pointer: '', message: 'must be a JSON object' }]);
    const action = (body as { action?: unknown }).action;
    if (action === undefined || action === null) throw new BadRequestProblem(INVALID, [{ pointer: '/action', message: 'is required' }]);
    if (typeof action !== 'string' || !(SIMULATION_ACTIONS as readonly string[]).includes(action))
      throw new BadRequestProblem(INVALID, [{ pointer: '/action', message: `must be one of ${SIMULATION_ACTIONS.join(', ')}` }]);
    const instance = plainToInstance(SIMULATION_BODIES[action as SimulationAction], body);
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    });
    if (errors.length > 0) throw new BadRequestProblem(INVALID, flattenValidationErrors(errors));
    return instance;
  }
}
