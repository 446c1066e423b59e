import { Arg, Ctx, Field, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { GqlContext } from "../graphql/context";

@ObjectType({ description: "A session: the token goes in the Authorization header" })
class LoginResult {
  @Field(() => String) token: string;
  @Field(() => String) name: string;
}

@ObjectType()
class RegisterResult {
  @Field(() => String) message: string;
  @Field(() => Boolean, { description: "False while the account waits for an admin's approval" }) approved: boolean;
}

@ObjectType({ description: "The signed-in user" })
class Me {
  @Field(() => String) id: string;
  @Field(() => String) name: string;
  @Field(() => String) email: string;
  @Field(() => String) role: string;
}

@Resolver()
export class AuthResolver {
  @Mutation(() => LoginResult)
  login(
    @Arg("email", () => String) email: string,
    @Arg("password", () => String) password: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.auth.login(email, password, ctx.ip);
  }

  @Mutation(() => RegisterResult)
  register(
    @Arg("name", () => String, { nullable: true }) name: string,
    @Arg("email", () => String, { nullable: true }) email: string,
    @Arg("password", () => String, { nullable: true }) password: string,
    @Arg("password2", () => String, { nullable: true }) password2: string,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.auth.register({ name, email, password, password2 });
  }

  @Query(() => Me, { nullable: true, description: "The user of the request's token, or null" })
  me(@Ctx() ctx: GqlContext) {
    return ctx.user ? { ...ctx.user, id: String(ctx.user.id) } : null;
  }
}
