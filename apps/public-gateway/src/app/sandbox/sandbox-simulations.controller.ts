import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  SANDBOX_DOCS,
  SIMULATION_MODELS,
  SandboxSimulationsService,
  SimulationOutcomeDto,
  SimulationRequest,
  SimulationRequestPipe,
} from '@gateway/public-api';

@ApiTags('sandbox')
@Authenticated()
@ApiExtraModels(...SIMULATION_MODELS)
@Controller('v0/organizations/:organizationId/sandbox')
export class SandboxSimulationsController {
  constructor(private readonly simulations: SandboxSimulationsService) {}

  @Post('simulations')
  @HttpCode(200)
  @Endpoint({ summary: "Take a warehouse step on a sandbox organization's order, return, inbound shipment or stock", ...SANDBOX_DOCS.simulateSandboxStep })
  simulateSandboxStep(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body(SimulationRequestPipe) body: SimulationRequest,
  ): Promise<SimulationOutcomeDto> {
    return this.simulations.simulate(caller, organizationId, body);
  }
}
