import { Arg, Authorized, Ctx, Field, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { GqlContext } from "./context";
import { Permission, resourceTypes } from "./resourceTypes";
import { permissionsOf } from "../auth/permissions";
import { builtInGrid } from "../auth/roles";
import { SignInEvent } from "../resources/signInEvent";
import { DURING_TWO_FACTOR_SETUP } from "./authChecker";

@ObjectType({ description: "A session: the token goes in the Authorization header" })
class LoginResult {
  @Field(() => String) token: string;
  @Field(() => String) name: string;
}

@ObjectType()
class RegisterResult {
  @Field(() => String, { description: "The same whether the email was free or already registered" }) message: string;
  @Field(() => Boolean, { description: "False while the account waits for an admin's approval" }) approved: boolean;
}

@ObjectType({ description: "The signed-in user" })
class Me {
  @Field(() => String) id: string;
  @Field(() => String) name: string;
  @Field(() => String) email: string;
  @Field(() => String) role: string;
  @Field(() => Boolean, { description: "Two-factor sign-in is on for this user" })
  twoFactorEnabled: boolean;
  @Field(() => Boolean, { description: "REQUIRE_TWO_FACTOR is on and this user must turn two-factor on before anything else" })
  mustSetUpTwoFactor: boolean;
  @Field(() => [Permission], { description: "What the user's role grants, per resource (GraphQL type name); the admin follows it" })
  permissions: Permission[];
  @Field(() => String, { description: "The user's role" }) roleName: string;
  @Field(() => Boolean, { description: "The role asks its users to turn two-factor on" }) requireTwoFactor: boolean;
}

@ObjectType({ description: "What an authenticator app needs to add this account" })
class TwoFactorSetup {
  @Field(() => String, { description: "The shared secret, base32 (to type in by hand)" }) secret: string;
  @Field(() => String, { description: "otpauth:// URL (RFC 6238 TOTP, 6 digits, 30 s)" }) otpauthUrl: string;
  @Field(() => String, { description: "The otpauth URL as a QR code, a PNG data URL" }) qrCode: string;
  @Field(() => [String], { description: "Ten single-use recovery codes, valid once two-factor is enabled; shown only now" })
  recoveryCodes: string[];
}

const signInEvent = resourceTypes(SignInEvent).object;

@Resolver()
export class AuthResolver {
  @Mutation(() => LoginResult, {
    description: "Signs in; `code` is the TOTP or a recovery code when two-factor is on (else TWO_FACTOR_REQUIRED)",
  })
  login(
    @Arg("email", () => String) email: string,
    @Arg("password", () => String) password: string,
    @Arg("code", () => String, { nullable: true }) code: string | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.auth.signIn.login(email, password, ctx.client, code, ctx.via);
  }

  @Mutation(() => Boolean, { description: "Ends this session: its token stops working at once" })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  logout(@Ctx() ctx: GqlContext) {
    return ctx.services.auth.sessions.logout(ctx.user);
  }

  @Mutation(() => RegisterResult)
  register(
    @Arg("name", () => String, { nullable: true }) name: string,
    @Arg("email", () => String, { nullable: true }) email: string,
    @Arg("password", () => String, { nullable: true }) password: string,
    @Arg("password2", () => String, { nullable: true }) password2: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.auth.registration.register({ name, email, password, password2 }, ctx.client, ctx.via);
  }

  @Query(() => Me, { nullable: true, description: "The user of the request's token, or null" })
  me(@Ctx() ctx: GqlContext) {
    const user = ctx.user;
    return user
      ? {
          ...user,
          id: String(user.id),
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          mustSetUpTwoFactor: Boolean(user.mustSetUpTwoFactor),
          permissions: permissionsOf(user.grant ?? builtInGrid(user.role) ?? new Map()),
          roleName: user.role,
          requireTwoFactor: Boolean(user.roleRequiresTwoFactor),
        }
      : null;
  }

  @Mutation(() => TwoFactorSetup, {
    description: "Starts turning two-factor sign-in on: scan the QR code, then enableTwoFactor with a code",
  })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  setupTwoFactor(@Ctx() ctx: GqlContext) {
    return ctx.services.auth.twoFactor.setup(ctx.user);
  }

  @Mutation(() => Boolean, { description: "Turns two-factor sign-in on when the code from the app checks" })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  enableTwoFactor(@Arg("code", () => String) code: string, @Ctx() ctx: GqlContext) {
    return ctx.services.auth.twoFactor.enable(ctx.user, code, ctx.client, ctx.via);
  }

  @Mutation(() => Boolean, { description: "Turns two-factor sign-in off; needs a current code or a recovery code" })
  @Authorized()
  disableTwoFactor(@Arg("code", () => String) code: string, @Ctx() ctx: GqlContext) {
    return ctx.services.auth.twoFactor.disable(ctx.user, code, ctx.client, ctx.via);
  }

  @Mutation(() => [String], { description: "New recovery codes (the old ones stop working); needs a current code" })
  @Authorized()
  newRecoveryCodes(@Arg("code", () => String) code: string, @Ctx() ctx: GqlContext) {
    return ctx.services.auth.twoFactor.newRecoveryCodes(ctx.user, code, ctx.client, ctx.via);
  }

  @Query(() => [signInEvent], { description: "The signed-in user's own recent sign-in attempts, newest first" })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  mySignIns(@Ctx() ctx: GqlContext) {
    return ctx.services.auth.signIns.mine(ctx.user);
  }
}
