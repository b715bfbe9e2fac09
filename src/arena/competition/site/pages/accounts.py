"""Log in, log out and register (with the organiser's invitation code) from the browser."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..security.auth import log_in, log_out
from ..api.bodies import form_data, text_field
from ..security.csrf import check_csrf
from ..security.login import authenticate, register
from .render import redirect, render
from ..refusal import Refusal

router = APIRouter()


@router.get("/login")
def login_form(request: Request):
    return render(request, "login.html", error=None, name="")


@router.post("/login")
async def login(request: Request):
    form = await form_data(request)
    check_csrf(request, form)
    name = text_field(form, "name", limit=100)
    try:
        user = await run_in_threadpool(authenticate, request, name, text_field(form, "password", limit=1000))
    except Refusal as refusal:
        response = render(request, "login.html", status=refusal.status, error=refusal.message, name=name)
        response.headers.update(refusal.headers or {})
        return response
    log_in(request, user)
    return redirect(request, "/organiser" if user.is_organiser else "/my")  # each to where their work is


@router.post("/logout")
async def logout(request: Request):
    check_csrf(request, await form_data(request))
    log_out(request)
    return redirect(request, "/")


@router.get("/register")
def register_form(request: Request):
    return render(request, "register.html", error=None, name="")


@router.post("/register")
async def register_account(request: Request):
    form = await form_data(request)
    check_csrf(request, form)
    name = text_field(form, "name", limit=100)
    try:
        user = await run_in_threadpool(register, request, name, text_field(form, "password", limit=1000),
                                       text_field(form, "code", limit=1000))
    except Refusal as refusal:
        return render(request, "register.html", status=refusal.status, error=refusal.message, name=name)
    log_in(request, user)
    return redirect(request, "/my")
